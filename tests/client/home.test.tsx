import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authStore } from '@/features/auth'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

const PENDING = 'waypoint:pending-ebook'

function signIn() {
  authStore.signedIn({ email: 'reader@example.com', access: 'access.user-1.1', refresh: 'refresh.user-1.1' })
}

/** jsdom has no object URLs and cannot download: record what the page hands to the browser. */
function stubDownloads() {
  const saved: { blob: Blob; filename: string }[] = []
  const blobs = new Map<string, Blob>()
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const href = `blob:mock/${blobs.size + 1}`
    blobs.set(href, blob)
    return href
  })
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (blob && this.download) saved.push({ blob, filename: this.download })
  })
  return saved
}

let saved: { blob: Blob; filename: string }[]

beforeEach(() => {
  saved = stubDownloads()
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('home page', () => {
  it('keeps the hero, claims and tools, and adds the latest articles and ebooks', async () => {
    await renderRoute('/')
    expect(await screen.findByRole('heading', { level: 1, name: /Find your next step/ })).toBeInTheDocument()
    expect(screen.getByText('2% of resumes make it past the first round')).toBeInTheDocument()
    expect(screen.getByText('25% of recruiters consider a cover letter critical')).toBeInTheDocument()

    const latest = await screen.findByRole('region', { name: 'Fresh from the library' })
    await waitFor(() => expect(within(latest).getAllByRole('article')).toHaveLength(3))
    expect(within(latest).getByRole('link', { name: /See all posts/ })).toHaveAttribute('href', '/posts')

    const shelf = screen.getByRole('region', { name: 'Free eBooks to keep' })
    const books = await within(shelf).findAllByRole('article')
    expect(books).toHaveLength(2)
    expect(within(books[0]!).getByRole('heading', { name: 'The Job Hunting Handbook' })).toBeInTheDocument()
    expect(within(books[0]!).getByText(/4 chapters/)).toBeInTheDocument()
    expect(within(books[0]!).getByRole('button', { name: 'Download EPUB of The Job Hunting Handbook' })).toBeInTheDocument()
    expect(within(books[0]!).getByRole('button', { name: 'Download PDF of The Job Hunting Handbook' })).toBeInTheDocument()
  })

  it('describes how people use Waypoint with illustrative scenarios, not testimonials', async () => {
    await renderRoute('/')
    const section = await screen.findByRole('region', { name: 'How people use Waypoint' })
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['A final-year student applying abroad', 'A graduate switching fields', 'A nurse comparing cities'])
    expect(section).toHaveTextContent('not customer stories')
    expect(section.querySelector('blockquote, q, cite')).toBeNull()
  })

  it('the newsletter call focuses the footer field', async () => {
    const { user } = await renderRoute('/')
    await user.click(await screen.findByRole('link', { name: 'Subscribe to the newsletter' }))
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('textbox', { name: 'Email address' })).toHaveFocus()
  })

  it('a guest who asks for an ebook goes through the gate with loginfrom=homepage', async () => {
    const { user, router } = await renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Download EPUB of The Job Hunting Handbook' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'homepage', redirect: '/' })
    expect(JSON.parse(sessionStorage.getItem(PENDING) ?? 'null')).toEqual({ slug: 'job-hunting-handbook', format: 'epub' })
    expect(await screen.findByText('Sign in to download your eBook.')).toBeInTheDocument()
    expect(saved).toEqual([])
  })

  it('back at /?actived=true, signed in, the waiting download starts and actived leaves the URL', async () => {
    sessionStorage.setItem(PENDING, JSON.stringify({ slug: 'job-hunting-handbook', format: 'pdf' }))
    signIn()
    const { router } = await renderRoute('/?actived=true')
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.filename).toBe('job-hunting-handbook.pdf')
    expect(await saved[0]!.blob.text()).toMatch(/^%PDF-/)
    expect(router.state.location.search).toEqual({})
    expect(router.state.location.href).toBe('/')
    expect(sessionStorage.getItem(PENDING)).toBeNull()
    expect(await screen.findByText('Your PDF of “The Job Hunting Handbook” has downloaded.')).toBeInTheDocument()
  })

  it('?actived=true without a waiting ebook only tidies the URL', async () => {
    signIn()
    const { router } = await renderRoute('/?actived=true')
    await waitFor(() => expect(router.state.location.href).toBe('/'))
    await screen.findByRole('region', { name: 'Free eBooks to keep' })
    expect(saved).toEqual([])
  })

  it('a signed-in user downloads at once, with the Bearer header', async () => {
    let auth: string | null = null
    server.use(
      http.get('*/api/ebooks/university-admission-guide.epub', ({ request }) => {
        auth = request.headers.get('Authorization')
        return new HttpResponse('PK\u0003\u0004mimetypeapplication/epub+zip', { headers: { 'Content-Type': 'application/epub+zip' } })
      }),
    )
    signIn()
    const { user } = await renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Download EPUB of The University Admission Guide' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.filename).toBe('university-admission-guide.epub')
    expect(auth).toBe('Bearer access.user-1.1')
    expect(await screen.findByText('Your EPUB of “The University Admission Guide” has downloaded.')).toBeInTheDocument()
  })

  it('says what went wrong when a download fails', async () => {
    server.use(
      http.get('*/api/ebooks/university-admission-guide.pdf', () =>
        HttpResponse.json({ detail: 'The PDF is being rebuilt. Try again shortly.' }, { status: 500 }),
      ),
    )
    signIn()
    const { user } = await renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Download PDF of The University Admission Guide' }))
    expect(await screen.findByText('The PDF is being rebuilt. Try again shortly.')).toBeInTheDocument()
    expect(saved).toEqual([])
  })
})
