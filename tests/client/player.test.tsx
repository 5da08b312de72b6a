import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authStore } from '@/features/auth'
import { forgetPlayer } from '@/features/player/player-store'
import { mockArticles } from '../../mocks/library-handlers'
import { mockAccounts, server } from '../../mocks/node'
import { renderRoute } from './support/render'

const ready = mockArticles().filter((a) => a.audio?.status === 'ready')
const [first, second, third] = [ready[0]!, ready[1]!, ready[2]!]

const email = 'listener@example.com'
let access = ''

/** Signs in through the mock API and fills the playlist the way the article page does. */
async function signInWithPlaylist(...articles: typeof ready) {
  mockAccounts.addUser(email, 'first-secret')
  const response = await fetch(`${location.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'first-secret' }),
  })
  const user = await response.json()
  access = user.access
  authStore.signedIn(user)
  for (const article of articles) {
    await fetch(`${location.origin}/api/users/me/playlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
      body: JSON.stringify({ audioId: article.audio!.id }),
    })
  }
}

async function serverPlaylist(): Promise<string[]> {
  const response = await fetch(`${location.origin}/api/users/me/playlist`, { headers: { Authorization: `Bearer ${access}` } })
  return ((await response.json()) as { audioId: string }[]).map((item) => item.audioId)
}

/** Requests the player sent, as 'METHOD path'. */
function recordRequests() {
  const seen: string[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname.startsWith('/api/users/me/playlist')) seen.push(`${request.method} ${url.pathname}`)
  })
  return seen
}

const player = () => screen.findByRole('region', { name: 'Music player' })

beforeEach(() => {
  // jsdom has no media playback: playing resolves at once, as a browser that allows it would.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'))
  })
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
})

afterEach(() => {
  forgetPlayer()
  server.events.removeAllListeners()
  vi.restoreAllMocks()
})

describe('music player', () => {
  it('adding an article shows the mini player with it, paused at 00:00', async () => {
    await signInWithPlaylist()
    const { user } = await renderRoute(`/articles/${first.slug}`)
    expect(screen.queryByRole('region', { name: 'Music player' })).not.toBeInTheDocument()

    await user.click(await screen.findByRole('button', { name: 'Add to playlist' }))
    const bar = await player()
    expect(within(bar).getByRole('link', { name: first.title })).toHaveAttribute('href', `/articles/${first.slug}`)
    expect(within(bar).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('00:00')
    expect(within(bar).getByRole('button', { name: 'Play' })).toBeEnabled()
    expect(within(bar).getByRole('button', { name: 'Next track' })).toBeDisabled()
    expect(within(bar).getByRole('button', { name: 'Previous track' })).toBeDisabled()
    expect(within(bar).getByText('Track 1 of 1')).toBeInTheDocument()
    expect(within(bar).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', `00:00 of ${durationText(first)}`)
    expect(await serverPlaylist()).toEqual([first.audio!.id])
  })

  it('is for signed-in users only', async () => {
    localStorage.setItem('waypoint:player', JSON.stringify({ owner: email, tracks: [], currentId: null, playlistOn: true }))
    await renderRoute('/library')
    await screen.findByRole('heading', { level: 1, name: 'Career library' })
    expect(screen.queryByRole('region', { name: 'Music player' })).not.toBeInTheDocument()
  })

  it('shows on /library and article pages, hides elsewhere, and keeps its state', async () => {
    await signInWithPlaylist(first, second)
    const { user, router } = await renderRoute('/library')
    const bar = await player()
    await user.click(within(bar).getByRole('button', { name: 'Next track' }))
    expect(within(bar).getByRole('link', { name: second.title })).toBeInTheDocument()

    await act(() => router.navigate({ to: '/services' }))
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Music player' })).not.toBeInTheDocument())

    await act(() => router.navigate({ to: '/articles/$slug', params: { slug: third.slug } }))
    const again = await player()
    expect(within(again).getByRole('link', { name: second.title })).toBeInTheDocument()
    expect(within(again).getByText('Track 2 of 2')).toBeInTheDocument()
  })

  it('play and pause: the button and the media element follow the machine', async () => {
    await signInWithPlaylist(first)
    const { user } = await renderRoute('/library')
    const bar = await player()
    await user.click(within(bar).getByRole('button', { name: 'Play' }))
    expect(await within(bar).findByRole('button', { name: 'Pause' })).toBeInTheDocument()
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled())
    await user.click(within(bar).getByRole('button', { name: 'Pause' }))
    expect(await within(bar).findByRole('button', { name: 'Play' })).toBeInTheDocument()
  })

  it('keyboard: space plays, arrows seek by 10 s, Shift+arrow changes track', async () => {
    await signInWithPlaylist(first, second)
    const { user } = await renderRoute('/library')
    const bar = await player()
    const slider = within(bar).getByRole('slider', { name: 'Seek' })
    slider.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(within(bar).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('00:20')
    expect(slider).toHaveAttribute('aria-valuenow', '20')
    await user.keyboard('{ArrowLeft}')
    expect(within(bar).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('00:10')
    await user.keyboard(' ')
    expect(await within(bar).findByRole('button', { name: 'Pause' })).toBeInTheDocument()
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(within(bar).getByRole('link', { name: second.title })).toBeInTheDocument()
    expect(within(bar).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('00:00')
  })

  it('the main player lists the playlist: play any, reorder and remove, saved on the server', async () => {
    await signInWithPlaylist(first, second, third)
    const requests = recordRequests()
    const { user } = await renderRoute('/library')
    const bar = await player()
    await user.click(within(bar).getByRole('button', { name: 'Show playlist' }))
    expect(within(bar).getByRole('button', { name: 'Hide playlist' })).toHaveAttribute('aria-expanded', 'true')
    const main = within(bar).getByRole('region', { name: 'Your playlist' })
    const titles = () =>
      within(main)
        .getAllByRole('listitem')
        .map((item) => within(item).getAllByRole('button')[0]!.getAttribute('aria-label'))
    expect(titles()).toEqual([`Play ${first.title}`, `Play ${second.title}`, `Play ${third.title}`])
    expect(within(main).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'true')

    await user.click(within(main).getByRole('button', { name: `Play ${third.title}` }))
    expect(within(bar).getByRole('link', { name: third.title })).toBeInTheDocument()
    expect(await within(main).findByRole('button', { name: `Pause ${third.title}` })).toBeInTheDocument()

    await user.click(within(main).getByRole('button', { name: `Move ${first.title} down` }))
    expect(titles()).toEqual([`Play ${second.title}`, `Play ${first.title}`, `Pause ${third.title}`])
    await waitFor(async () => expect(await serverPlaylist()).toEqual([second, first, third].map((a) => a.audio!.id)))
    expect(within(main).getByRole('button', { name: `Move ${first.title} down` })).toHaveFocus()

    await user.click(within(main).getByRole('button', { name: `Remove ${second.title} from playlist` }))
    expect(titles()).toEqual([`Play ${first.title}`, `Pause ${third.title}`])
    await waitFor(async () => expect(await serverPlaylist()).toEqual([first, third].map((a) => a.audio!.id)))
    expect(requests).toEqual(expect.arrayContaining(['PUT /api/users/me/playlist', `DELETE /api/users/me/playlist/${second.audio!.id}`]))
  })

  it('closing the player turns the playlist toggle off until the listener adds that audio again', async () => {
    await signInWithPlaylist(first)
    const { user, router } = await renderRoute('/library')
    await user.click(within(await player()).getByRole('button', { name: 'Close player' }))
    expect(screen.queryByRole('region', { name: 'Music player' })).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('waypoint:player')!)).toMatchObject({ owner: email, playlistOn: false })

    await act(() => router.navigate({ to: '/articles/$slug', params: { slug: first.slug } }))
    expect(screen.queryByRole('region', { name: 'Music player' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Add to playlist' }))
    expect(await screen.findByText('Already in your playlist')).toBeInTheDocument()
    expect(within(await player()).getByRole('link', { name: first.title })).toBeInTheDocument()
  })

  it('back from signing in from the library (playerActive) the player opens with the playlist', async () => {
    await signInWithPlaylist(first)
    await renderRoute(`/articles/${second.slug}?playerActive=true`)
    const bar = await player()
    expect(await within(bar).findByRole('region', { name: 'Your playlist' })).toBeInTheDocument()
  })

  it('restores the persisted player of this account on a new page load', async () => {
    await signInWithPlaylist(first, second)
    const { user, unmount } = await renderRoute('/library')
    await user.click(within(await player()).getByRole('button', { name: 'Next track' }))
    await waitFor(() => expect(JSON.parse(localStorage.getItem('waypoint:player')!)).toMatchObject({ currentId: second.audio!.id }))
    unmount()
    forgetPlayer()

    await renderRoute('/library')
    const bar = await player()
    expect(within(bar).getByRole('link', { name: second.title })).toBeInTheDocument()
    expect(within(bar).getByText('Track 2 of 2')).toBeInTheDocument()
  })
})

function durationText(article: (typeof ready)[number]) {
  const total = Math.floor(article.audio!.duration!)
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}
