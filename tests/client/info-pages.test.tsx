import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from './support/render'

/** Route components load lazily; allow for a busy machine. */
const slow = { timeout: 5000 }

const legalPages = [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/cookie-policy', title: 'Cookie Policy' },
  { path: '/terms-and-conditions', title: 'Terms and Conditions' },
  { path: '/gdpr-compliance-statement', title: 'GDPR Compliance Statement' },
]

describe('legal pages', () => {
  it.each(legalPages)('$path renders its title, date and a table of contents that matches its sections', async ({ path, title }) => {
    await renderRoute(path)
    await screen.findByRole('heading', { level: 1, name: title }, slow)
    const main = screen.getByRole('main')

    const headings = screen.getAllByRole('heading', { level: 1 })
    expect(headings).toHaveLength(1)
    expect(headings[0]).toHaveTextContent(title)
    expect(document.title).toBe(`${title} · Waypoint`)
    expect(main).toHaveTextContent('Last updated: 21 November 2026')

    const toc = within(main).getByRole('navigation', { name: 'On this page' })
    const links = within(toc).getAllByRole('link')
    expect(links.length).toBeGreaterThanOrEqual(6)

    const sectionIds = Array.from(main.querySelectorAll('section[id]')).map((section) => section.id)
    const targets = links.map((link) => {
      const href = link.getAttribute('href') ?? ''
      const [pathname, hash] = href.split('#')
      expect(pathname).toBe(path)
      expect(hash).toBeTruthy()
      const target = document.getElementById(hash!)
      expect(target, `#${hash} exists`).not.toBeNull()
      // Each section is titled by an h2 with the link's text.
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent ?? '')
      return hash
    })
    expect(targets).toEqual(sectionIds)
  })

  it('the GDPR statement explains export and erasure from Settings', async () => {
    await renderRoute('/gdpr-compliance-statement')
    await screen.findByRole('heading', { level: 1, name: 'GDPR Compliance Statement' }, slow)
    const main = screen.getByRole('main')
    expect(main).toHaveTextContent('Download my data')
    expect(main).toHaveTextContent('GET /api/users/me/export')
    expect(main).toHaveTextContent('Delete my account')
    expect(within(main).getByRole('table', { name: 'Personal data kept by Waypoint' })).toBeInTheDocument()
  })

  it('the cookie policy lists what is stored in the browser', async () => {
    await renderRoute('/cookie-policy')
    const table = await screen.findByRole('table', { name: 'Cookies and browser storage used by Waypoint' }, slow)
    for (const name of ['accessToken', 'guest_token', 'waypoint:auth']) {
      expect(within(table).getByText(name)).toBeInTheDocument()
    }
  })
})

describe('services page', () => {
  const tools = [
    { name: 'Open the Articles library', href: '/library' },
    { name: 'Open Countries', href: '/countries' },
    { name: 'Open Resume Builder', href: '/resume' },
    { name: 'Open Cover Letter Builder', href: '/coverletter' },
    { name: 'Open Salary Insights', href: '/salary' },
    { name: 'Open Cost of Living', href: '/living-cost' },
  ]

  it('links to every tool, one card each, all marked free', async () => {
    await renderRoute('/services')
    await screen.findByRole('heading', { level: 1, name: 'Our services' }, slow)
    const main = screen.getByRole('main')

    for (const tool of tools) {
      const link = within(main).getByRole('link', { name: tool.name })
      expect(link).toHaveAttribute('href', tool.href)
      const card = link.closest('article')
      expect(card).not.toBeNull()
      expect(within(card!).getAllByRole('link')).toHaveLength(1)
      expect(within(card!).getByText('Free')).toBeInTheDocument()
    }

    const cards = within(main).getAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Articles library',
      'Countries',
      'Resume Builder',
      'Cover Letter Builder',
      'Salary Insights',
      'Cost of Living',
      'AI career assistant',
      'Newsletter',
    ])
    for (const card of cards) expect(card).toHaveAccessibleName()
  })
})

describe('about page', () => {
  it('states the mission and quotes the industry figures as such', async () => {
    await renderRoute('/about-us')
    await screen.findByRole('heading', { level: 1, name: 'About Waypoint' }, slow)
    const main = screen.getByRole('main')
    expect(within(main).getByRole('heading', { level: 2, name: 'Our mission' })).toBeInTheDocument()
    expect(main).toHaveTextContent('2% of resumes make it past the first round')
    expect(main).toHaveTextContent('25% of recruiters consider a cover letter critical')
    expect(main).toHaveTextContent('widely cited industry figures, not our own research')
  })
})
