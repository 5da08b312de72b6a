import { render, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { emptyResumeData, type ResumeData } from '~contract/resume.ts'
import { ResumePreview } from '@/features/resume/templates/resume-preview'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

type Probe = { __xss?: number }
const probe = window as unknown as Probe
const img = '<img src=x onerror="window.__xss=1">'
const script = '<script>window.__xss=2</script>'
const svg = '<svg onload="window.__xss=3"></svg>'

/** Nothing that runs: no script-capable elements, no handlers, only web and mail links. */
function expectInert(root: Element) {
  expect(root.querySelectorAll('script, img, iframe, object, embed, foreignObject')).toHaveLength(0)
  for (const element of root.querySelectorAll('*')) {
    expect(
      element.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
      element.outerHTML,
    ).toEqual([])
    const href = element.getAttribute('href') ?? element.getAttribute('xlink:href')
    if (href !== null) expect(['http:', 'https:', 'mailto:'], element.outerHTML).toContain(new URL(href, location.href).protocol)
  }
  expect(probe.__xss).toBeUndefined()
}

afterEach(() => {
  delete probe.__xss
})

function payloadResume(template: ResumeData['design']['template']): ResumeData {
  const data = emptyResumeData()
  data.heading = {
    ...data.heading,
    firstName: img,
    lastName: script,
    jobTitle: svg,
    email: 'javascript:alert(1)',
    website: 'javascript:window.__xss=4',
    linkedin: '" onmouseover="window.__xss=5',
    city: '<a href="javascript:window.__xss=6">city</a>',
  }
  data.summary = `Summary ${img} [click](javascript:window.__xss=7) [data](data:text/html,x) [ok](https://example.org)`
  data.experience = [
    {
      id: 'e1',
      jobTitle: script,
      employer: img,
      city: svg,
      startDate: '2021-03',
      endDate: '',
      current: true,
      description: `- **${img}**\n- [bad](JaVaScRiPt:window.__xss=8)\n- [mail](mailto:ana@example.org)`,
    },
  ]
  data.skills = [{ id: 's1', name: img, level: 'Expert' }]
  data.design = { ...data.design, template }
  return data
}

describe('XSS: resume fields in the live preview', () => {
  it.each(['cool', 'visionary', 'brilliant'] as const)('the %s template shows markup typed into fields as text', (template) => {
    const { container } = render(<ResumePreview data={payloadResume(template)} />)

    expectInert(container)
    const text = container.textContent ?? ''
    for (const payload of [img, script, svg, 'javascript:window.__xss=4', '<a href="javascript:window.__xss=6">city</a>'])
      expect(text).toContain(payload)
    // Markdown links: the safe ones stay links, the others become their plain text.
    const links = [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual(
      expect.arrayContaining([
        ['ok', 'https://example.org'],
        ['mail', 'mailto:ana@example.org'],
      ]),
    )
    expect(links.map(([name]) => name)).not.toEqual(expect.arrayContaining(['click', 'bad', 'data']))
  })
})

describe('XSS: search titles', () => {
  it('a query carrying markup is shown as text in the heading and the search box', async () => {
    const query = `${img}${script}`
    await renderRoute(`/search?title=${encodeURIComponent(query)}`)

    const heading = await screen.findByRole('heading', { level: 2, name: `No results for “${query}”` })
    expect(heading).toBeInTheDocument()
    expect(within(screen.getByRole('search', { name: 'Search Waypoint' })).getByRole('searchbox')).toHaveValue(query)
    expectInert(document.body)
  })

  it('result titles and context from the API are shown as text', async () => {
    server.use(
      http.get('*/api/search', () =>
        HttpResponse.json({
          query: 'star',
          count: 1,
          results: [{ kind: 'article', title: `STAR ${img}`, url: '/articles/star', snippet: 'plain', context: script, score: 1 }],
        }),
      ),
    )
    await renderRoute('/search?title=star')

    expect(await screen.findByRole('heading', { level: 3, name: `STAR ${img}` })).toBeInTheDocument()
    expect(screen.getByText(script)).toBeInTheDocument()
    expectInert(document.body)
  })
})
