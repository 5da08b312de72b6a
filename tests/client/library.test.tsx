import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authStore } from '@/features/auth'
import { mockArticles } from '../../mocks/library-handlers'
import { mockAccounts, server } from '../../mocks/node'
import { renderRoute } from './support/render'

const articles = mockArticles()
const interviewArticles = articles.filter((a) => a.category.slug === 'interview-tips')

/** A real session of the mock API: the playlist calls of the player need a token it knows. */
async function signIn() {
  mockAccounts.addUser('reader@example.com', 'first-secret')
  const response = await fetch(`${location.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'reader@example.com', password: 'first-secret' }),
  })
  authStore.signedIn(await response.json())
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('/library', () => {
  it('lists the eight categories and all articles, newest first, under one h1', async () => {
    await renderRoute('/library')
    expect(await screen.findByRole('heading', { level: 1, name: 'Career library' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const nav = screen.getByRole('navigation', { name: 'Library categories' })
    // 'All articles' plus the eight categories of the spec.
    expect(within(nav).getAllByRole('link')).toHaveLength(9)
    expect(within(nav).getByRole('link', { name: 'All articles' })).toHaveAttribute('aria-current')
    expect(within(nav).getByRole('link', { name: 'Interview Tips' })).not.toHaveAttribute('aria-current')

    const list = screen.getByRole('list', { name: 'All articles' })
    const cards = within(list).getAllByRole('article')
    expect(cards).toHaveLength(12)
    expect(within(cards[0]!).getByRole('heading', { level: 3 })).toHaveTextContent(articles[0]!.title)
    expect(screen.getByText(`${articles.length} articles · page 1 of 2`)).toBeInTheDocument()
    // Audio badge with the duration, reading time and date on a card.
    expect(within(cards[0]!).getByText('Audio')).toBeInTheDocument()
    expect(within(cards[0]!).getByText(`${articles[0]!.reading_minutes} min read`)).toBeInTheDocument()
  })

  it('filtering by category and topic updates the URL and the list', async () => {
    const { user, router } = await renderRoute('/library')
    const nav = await screen.findByRole('navigation', { name: 'Library categories' })
    await user.click(within(nav).getByRole('link', { name: 'Interview Tips' }))

    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'interview-tips' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Interview Tips' })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Interview Tips' })).toHaveAttribute('aria-current')
    expect(within(nav).getByRole('link', { name: 'All articles' })).not.toHaveAttribute('aria-current')
    const list = screen.getByRole('list', { name: 'Interview Tips' })
    expect(within(list).getAllByRole('article')).toHaveLength(interviewArticles.length)
    for (const card of within(list).getAllByRole('article')) expect(card).toHaveTextContent('Interview Tips')

    const topics = screen.getByRole('list', { name: 'Topics in Interview Tips' })
    await user.click(within(topics).getByRole('link', { name: 'Preparation' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'interview-tips', sub_category: 'preparation' }))
    const preparation = interviewArticles.filter((a) => a.sub_category?.slug === 'preparation')
    const filtered = await screen.findByRole('list', { name: 'Interview Tips: Preparation' })
    expect(within(filtered).getAllByRole('article')).toHaveLength(preparation.length)
  })

  it('pages through the articles with numbered, previous and next links', async () => {
    const { user, router } = await renderRoute('/library')
    const pages = await screen.findByRole('navigation', { name: 'Article pages' })
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument()

    await user.click(within(pages).getByRole('link', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }))
    const list = await screen.findByRole('list', { name: 'All articles' })
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(articles.length - 12))
    const after = screen.getByRole('navigation', { name: 'Article pages' })
    expect(within(after).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(within(after).getByRole('link', { name: 'Previous page' })).toBeInTheDocument()
    expect(within(after).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument()
  })

  it('ignores a bad page number', async () => {
    await renderRoute('/library?page=-3')
    await screen.findByRole('heading', { level: 2, name: 'All articles' })
    const pages = screen.getByRole('navigation', { name: 'Article pages' })
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  })

  it('says so for an unknown category, with a way back', async () => {
    await renderRoute('/library?category=astrology')
    expect(await screen.findByRole('heading', { level: 2, name: 'Category not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all articles' })).toHaveAttribute('href', '/library')
  })

  it('says so when a category has no articles yet', async () => {
    await renderRoute('/library?category=job-hunting')
    expect(await screen.findByRole('heading', { name: 'No articles in this category yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'browse all articles' })).toHaveAttribute('href', '/library')
  })

  it('shows an error with a working retry when the list cannot load', async () => {
    // The router reports the failed load on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    let failures = 1
    server.use(
      http.get('*/api/library/articles', () => {
        if (failures-- > 0) return HttpResponse.json({ detail: 'The library is resting.' }, { status: 500 })
        return undefined
      }),
    )
    const { user } = await renderRoute('/library')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'We could not load the library' })).toBeInTheDocument()
    expect(alert).toHaveTextContent('The library is resting.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'All articles' })).toBeInTheDocument()
  })
})

describe('/posts', () => {
  it('shows the latest articles across categories, newest first, with pages', async () => {
    await renderRoute('/posts')
    expect(await screen.findByRole('heading', { level: 1, name: 'Posts' })).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Latest articles' })
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(titles).toEqual(articles.slice(0, 12).map((a) => a.title))
    expect(
      new Set(
        within(list)
          .getAllByRole('article')
          .map((card) => card.querySelector('p')?.textContent),
      ).size,
    ).toBeGreaterThan(1)
    expect(screen.getByRole('navigation', { name: 'Post pages' })).toBeInTheDocument()
  })
})

describe('/articles/$slug', () => {
  const article = articles.find((a) => a.slug === 'star-method-behavioural-questions')!

  it('renders the article with breadcrumb, meta, contents, audio, sources and related articles', async () => {
    await renderRoute(`/articles/${article.slug}`)
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    await waitFor(() => expect(document.title).toBe(`${article.title} · Waypoint`))

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Library' })).toHaveAttribute('href', '/library')
    expect(within(crumbs).getByRole('link', { name: 'Interview Tips' })).toHaveAttribute('href', '/library?category=interview-tips')
    expect(screen.getByText(article.author)).toBeInTheDocument()
    expect(screen.getByText(`${article.reading_minutes} min read`)).toBeInTheDocument()

    const toc = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(toc).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(article.toc.map((entry) => `#${entry.id}`))
    for (const entry of article.toc) expect(document.getElementById(entry.id)).toHaveTextContent(entry.title)

    const audio = screen.getByLabelText('Listen to this article', { selector: 'audio' })
    expect(audio).toHaveAttribute('preload', 'none')
    expect(audio).toHaveAttribute('src', article.audio!.url)

    const sources = screen.getByRole('region', { name: 'Sources' })
    expect(within(sources).getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer')
    const related = screen.getByRole('region', { name: 'Related articles' })
    expect(within(related).getAllByRole('article').length).toBeGreaterThan(0)
    expect(within(related).queryByText(article.title)).not.toBeInTheDocument()
  })

  it('sanitises the body: no images with handlers, no scripts, no javascript: links', async () => {
    const evil = {
      ...article,
      slug: 'evil',
      html:
        '<h2 id="safe-heading">Safe heading</h2><p>Kind words.</p><img src=x onerror=alert(1)>' +
        '<script>window.__pwned = true</script><p onclick="alert(2)">Click me</p>' +
        '<a href="javascript:alert(3)">bad link</a><iframe src="https://evil.example"></iframe>',
      toc: [{ id: 'safe-heading', title: 'Safe heading', level: 2 as const }],
    }
    server.use(http.get('*/api/articles/evil', () => HttpResponse.json(evil)))
    await renderRoute('/articles/evil')
    const paragraph = await screen.findByText('Kind words.')
    const body = paragraph.parentElement!
    expect(body.querySelector('img')).toBeNull()
    expect(body.querySelector('iframe')).toBeNull()
    expect(document.querySelector('[onerror]')).toBeNull()
    expect(document.querySelector('[onclick]')).toBeNull()
    expect([...document.querySelectorAll('script')].some((s) => s.textContent?.includes('__pwned'))).toBe(false)
    expect(within(body).getByText('bad link')).not.toHaveAttribute('href')
    expect(within(body).getByText('Click me')).toBeInTheDocument()
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
  })

  it('a table or code block that scrolls sideways is reached with Tab; nothing else in a body joins the tab order; cell spans and new-tab links stay', async () => {
    const wide = {
      ...article,
      slug: 'wide',
      html:
        '<p tabindex="1">Rents by city.</p><table tabindex="0"><tr><th>City</th><th>Rent</th></tr></table>' +
        '<pre tabindex="0"><code>code</code></pre><table tabindex="2"><tr><td colspan="2">Other</td></tr></table><h2 id="x" tabindex="0">Heading</h2>' +
        '<p><a href="https://stats.example" target="_blank">Source</a></p>',
      toc: [],
    }
    server.use(http.get('*/api/articles/wide', () => HttpResponse.json(wide)))
    await renderRoute('/articles/wide')
    const body = (await screen.findByText('Rents by city.')).parentElement!
    expect([...body.querySelectorAll('[tabindex]')].map((element) => `${element.tagName} ${element.getAttribute('tabindex')}`)).toEqual([
      'TABLE 0',
      'PRE 0',
    ])
    // What else the server writes stays: a cell's span, a source opening in a new tab.
    expect(within(body).getByText('Other')).toHaveAttribute('colspan', '2')
    expect(within(body).getByRole('link', { name: 'Source' })).toHaveAttribute('target', '_blank')
  })

  it('shows "Article not found" with a way back for an unknown slug', async () => {
    await renderRoute('/articles/no-such-article')
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the library' })).toHaveAttribute('href', '/library')
  })

  it('"Add to playlist" sends a guest to sign in with loginfrom=library and the way back', async () => {
    const { user, router } = await renderRoute(`/articles/${article.slug}`)
    await user.click(await screen.findByRole('button', { name: 'Add to playlist' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'library', redirect: `/articles/${article.slug}` })
    expect(await screen.findByText('Sign in to add the audio book to your playlist.')).toBeInTheDocument()
  })

  it('a signed-in user adds the audio to the playlist, once', async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/users/me/playlist')) bodies.push(await request.clone().json())
    })
    await signIn()
    const { user } = await renderRoute(`/articles/${article.slug}`)
    await user.click(await screen.findByRole('button', { name: 'Add to playlist' }))
    expect(await screen.findByText('Added to your playlist')).toHaveAttribute('role', 'status')
    expect(screen.getByRole('button', { name: 'In your playlist' })).toBeDisabled()
    expect(bodies).toEqual([{ audioId: article.audio!.id }])
    server.events.removeAllListeners()
  })

  it('finishes the add after the sign-in detour (playerActive)', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/users/me/playlist', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ audioId: article.audio!.id }, { status: 201 })
      }),
    )
    sessionStorage.setItem('waypoint:pending-playlist', article.audio!.id)
    await signIn()
    await renderRoute(`/articles/${article.slug}?playerActive=true`)
    expect(await screen.findByText('Added to your playlist')).toBeInTheDocument()
    expect(bodies).toEqual([{ audioId: article.audio!.id }])
    expect(sessionStorage.getItem('waypoint:pending-playlist')).toBeNull()
  })

  it('"Copy link" copies the address and says so', async () => {
    const { user } = await renderRoute(`/articles/${article.slug}`)
    await user.click(await screen.findByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href)
  })

  it('while the audio is being prepared it says so and asks again every 10 s until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const pending = articles.find((a) => a.audio?.status === 'pending')!
    let calls = 0
    let narrationRequests = 0
    server.use(
      http.head('*/api/audio/:name', () => {
        narrationRequests += 1
        return new HttpResponse(null, { status: 202, headers: { 'Retry-After': '10' } })
      }),
      http.get(`*/api/articles/${pending.slug}`, () => {
        calls += 1
        const audio = calls > 1 ? { ...pending.audio!, status: 'ready' as const, duration: 371 } : pending.audio
        return HttpResponse.json({ ...pending, audio })
      }),
    )
    await renderRoute(`/articles/${pending.slug}`)
    expect(await screen.findByText('Audio is being prepared — try again in a minute')).toBeInTheDocument()
    expect(screen.queryByLabelText('Listen to this article', { selector: 'audio' })).not.toBeInTheDocument()
    // Asking for the file puts the article first in the narration queue.
    await waitFor(() => expect(narrationRequests).toBeGreaterThan(0))

    await vi.advanceTimersByTimeAsync(10_000)
    await waitFor(() => expect(screen.getByLabelText('Listen to this article', { selector: 'audio' })).toBeInTheDocument())
    expect(screen.queryByText('Audio is being prepared — try again in a minute')).not.toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('when the server gave up narrating it, says the audio is not available and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const pending = articles.find((a) => a.audio?.status === 'pending')!
    let calls = 0
    let narrationRequests = 0
    server.use(
      http.head('*/api/audio/:name', () => {
        narrationRequests += 1
        return new HttpResponse(null, { status: 503 })
      }),
      http.get(`*/api/articles/${pending.slug}`, () => {
        calls += 1
        return HttpResponse.json({ ...pending, audio: { ...pending.audio!, status: 'failed' as const } })
      }),
    )
    await renderRoute(`/articles/${pending.slug}`)
    expect(await screen.findByText('Audio is not available for this article')).toBeInTheDocument()
    expect(screen.queryByText('Audio is being prepared — try again in a minute')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Listen to this article', { selector: 'audio' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to playlist' })).not.toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(calls).toBe(1)
    expect(narrationRequests).toBe(0)
  })
})
