import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { parseSnippet } from '@/features/search/pages'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

describe('parseSnippet', () => {
  it('splits marks from text and decodes the escaped characters', () => {
    expect(parseSnippet('a &amp; b <mark>Tips</mark> &lt;i&gt; &quot;x&quot; &#39;y&#39;')).toEqual([
      { text: 'a & b ', marked: false },
      { text: 'Tips', marked: true },
      { text: ' <i> "x" \'y\'', marked: false },
    ])
  })

  it('decodes once only: an escaped entity stays an entity', () => {
    expect(parseSnippet('&amp;lt;b&amp;gt;')).toEqual([{ text: '&lt;b&gt;', marked: false }])
  })
})

describe('/search', () => {
  it('shows ranked results with kind badges, a count and <mark> highlights', async () => {
    await renderRoute('/search?title=interview')
    const count = await screen.findByRole('heading', { level: 2, name: /results? for “interview”$/ })
    const results = screen.getAllByRole('listitem').filter((item) => item.querySelector('h3'))
    expect(count).toHaveTextContent(`${results.length} results for “interview”`)
    expect(within(results[0]!).getByText('Article')).toBeInTheDocument()
    expect(screen.getAllByText('Category').length).toBeGreaterThan(0)
    const marks = document.querySelectorAll('mark')
    expect(marks.length).toBeGreaterThan(0)
    for (const mark of marks) expect(mark.textContent?.toLowerCase()).toBe('interview')
    expect(within(results[0]!).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/articles\//))
    // The search box is prefilled with the query.
    expect(within(screen.getByRole('search', { name: 'Search Waypoint' })).getByRole('searchbox')).toHaveValue('interview')
  })

  it('renders a snippet without HTML: a script in it stays text', async () => {
    server.use(
      http.get('*/api/search', () =>
        HttpResponse.json({
          query: 'star',
          count: 1,
          results: [
            {
              kind: 'article',
              title: 'The STAR method',
              url: '/articles/star-method-behavioural-questions',
              snippet:
                'Use <mark>STAR</mark> &amp; stay calm &lt;script&gt;alert(1)&lt;/script&gt; <script>window.__snippet = 1</script><img src=x onerror="window.__snippet = 2">',
              context: 'Interview Tips',
              score: 1,
            },
          ],
        }),
      ),
    )
    await renderRoute('/search?title=star')
    const mark = await screen.findByText('STAR', { selector: 'mark' })
    const snippet = mark.parentElement!
    expect(snippet.querySelectorAll('mark')).toHaveLength(1)
    expect(snippet.querySelector('script, img')).toBeNull()
    expect(snippet).toHaveTextContent(
      'Use STAR & stay calm <script>alert(1)</script> <script>window.__snippet = 1</script><img src=x onerror="window.__snippet = 2">',
    )
    expect(screen.getByText('1 result for “star”')).toBeInTheDocument()
    expect((window as { __snippet?: number }).__snippet).toBeUndefined()
  })

  it('filters the results by kind', async () => {
    const { user } = await renderRoute('/search?title=resume')
    const filters = await screen.findByRole('group', { name: 'Show results of one kind' })
    await user.click(within(filters).getByRole('button', { name: /^Tools/ }))
    expect(within(filters).getByRole('button', { name: /^Tools/ })).toHaveAttribute('aria-pressed', 'true')
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(titles).toEqual(['Resume Builder'])
  })

  it('has a helpful empty state: tips, popular searches and categories', async () => {
    const { user, router } = await renderRoute('/search?title=qwertyzxcv')
    expect(await screen.findByRole('heading', { level: 2, name: 'No results for “qwertyzxcv”' })).toBeInTheDocument()
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument()
    const browse = screen.getByRole('region', { name: 'Browse categories' })
    expect(await within(browse).findByRole('link', { name: 'Interview Tips' })).toHaveAttribute('href', '/library?category=interview-tips')
    const popular = screen.getByRole('region', { name: 'Popular searches' })
    await user.click(within(popular).getByRole('link', { name: 'cover letter' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ title: 'cover letter' }))
    expect(await screen.findByRole('heading', { level: 2, name: /results? for “cover letter”/ })).toBeInTheDocument()
  })

  it('asks what to look for when there is no query', async () => {
    await renderRoute('/search')
    expect(await screen.findByRole('heading', { level: 2, name: 'What are you looking for?' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument()
  })

  it('the page form puts the new words in ?title=', async () => {
    const { user, router } = await renderRoute('/search?title=interview')
    const box = within(await screen.findByRole('search', { name: 'Search Waypoint' })).getByRole('searchbox')
    await user.clear(box)
    await user.type(box, 'scholarships{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ title: 'scholarships' }))
    expect(await screen.findByText('Finding scholarships as an international student')).toBeInTheDocument()
  })

  it('the search overlay in the top bar lands here with results', async () => {
    const { user, router } = await renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Search' }))
    await user.type(await screen.findByRole('searchbox', { name: 'Search Waypoint' }), 'cover letter{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'))
    expect(await screen.findByRole('heading', { level: 2, name: /results? for “cover letter”/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'A cover letter structure that gets read' })).toHaveAttribute('href', '/articles/cover-letter-structure')
  })

  it('keeps a numeric title as text and searches for it', async () => {
    let asked: string | null = null
    server.use(
      http.get('*/api/search', ({ request }) => {
        asked = new URL(request.url).searchParams.get('title')
        return HttpResponse.json({ query: asked, count: 0, results: [] })
      }),
    )
    await renderRoute('/search?title=2024')
    expect(await screen.findByText('You searched for “2024”.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'No results for “2024”' })).toBeInTheDocument()
    expect(asked).toBe('2024')
  })
})
