import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authStore } from '@/features/auth'
import { renderRoute } from './support/render'

async function signIn(email = 'ana@example.com') {
  const register = await fetch(`${location.origin}/api/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse' }),
  })
  authStore.signedIn(await register.json())
}

describe('salary insights', () => {
  it('a guest sees the tool; asking for results goes to sign-in with loginfrom=salary and the way back', async () => {
    const { user, router } = await renderRoute('/salary')
    expect(await screen.findByRole('heading', { level: 1, name: 'Salary Insights' })).toBeInTheDocument()
    await user.type(screen.getByRole('combobox', { name: 'Occupation' }), 'software eng')
    await user.click(await screen.findByRole('option', { name: /Software Developers/ }))
    await user.click(screen.getByRole('button', { name: 'Show salary' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toMatchObject({ loginfrom: 'salary', redirect: expect.stringContaining('15-1252%40united-states') })
    expect(await screen.findByText('Sign in to see salary insights results.')).toBeInTheDocument()
  })

  it('a signed-in user sees measured figures naming area and vintage, the starting-out band, employment, and what is not published', async () => {
    await signIn()
    const items = encodeURIComponent(JSON.stringify(['15-1252@united-states', '15-1252@united-states/austin-tx', '29-1141@united-states/austin-tx']))
    await renderRoute(`/salary?items=${items}`)
    const national = await screen.findByRole('article', { name: 'Software Developers in United States' })
    expect(within(national).getByRole('row', { name: /Median \(50th\)/ })).toHaveTextContent('$65.38$135,980')
    expect(within(national).getByText('Measured')).toBeInTheDocument()
    expect(national).toHaveTextContent('Pay in USD · United States · May 2025')
    const austin = screen.getByRole('article', { name: 'Software Developers in Austin, TX' })
    expect(within(austin).getByText('Measured')).toBeInTheDocument()
    expect(austin).toHaveTextContent('Pay in USD · Austin-Round Rock-San Marcos, TX metro area · May 2025')
    // The metro file publishes annual figures only: hourly pay is not published, not converted.
    expect(within(austin).getByRole('row', { name: /Median \(50th\)/ })).toHaveTextContent('not published$134,120')
    expect(austin).toHaveTextContent('Starting out (10th to 25th percentile)$96,110 to $104,000')
    expect(austin).toHaveTextContent('Employed in the Austin-Round Rock-San Marcos, TX metro area31,960')
    expect(austin).toHaveTextContent('Employees only: OEWS surveys employers, so the self-employed are excluded.')
    const nurses = screen.getByRole('article', { name: 'Registered Nurses in Austin, TX' })
    expect(within(nurses).getByRole('note')).toHaveTextContent('so these are the national figures.')
    expect(screen.getByRole('img', { name: /Salary chart/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to comparison' })).toBeDisabled()
  })

  it('Tokyo says plainly that no official figure exists, and shows no number', async () => {
    await signIn()
    await renderRoute(`/salary?items=${encodeURIComponent(JSON.stringify(['15-1252@japan/tokyo']))}`)
    const card = await screen.findByRole('article', { name: 'Software Developers in Tokyo' })
    expect(within(card).getByRole('note')).toHaveTextContent('No official pay figure for Software Developers in Japan is in our tables yet.')
    expect(card).not.toHaveTextContent('¥')
    expect(within(card).queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('cost of living', () => {
  it('a guest is sent to sign in with loginfrom=cost', async () => {
    const { user, router } = await renderRoute('/living-cost?city=%22japan%2Ftokyo%22')
    await user.click(await screen.findByRole('button', { name: 'Sign in to see results' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ loginfrom: 'cost' }))
  })

  it('compares two cities with the salary needed and what is not included', async () => {
    await signIn()
    await renderRoute('/living-cost?city=%22united-states%2Faustin-tx%22&compare=%22japan%2Ftokyo%22&salary=80000&currency=%22USD%22')
    const table = await screen.findByRole('table', { name: /Monthly budget, single person/ })
    expect(within(table).getByRole('columnheader', { name: 'Austin, TX' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Tokyo' })).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: /Housing/ })).toBeInTheDocument()
    const needed = screen.getByRole('region', { name: 'Salary needed to keep your standard of living' })
    expect(needed).toHaveTextContent('$80,000 a year in Austin, TX')
    expect(needed).toHaveTextContent('income tax')
    const takeHome = within(needed).getByRole('list', { name: 'Take-home pay' })
    expect(takeHome).toHaveTextContent(
      /Take-home in Austin, TX: about \$\d{2},\d{3} a year of \$80,000 \(24\.8% income tax and employee contributions, 2021\)/,
    )
    expect(takeHome).toHaveTextContent('OECD Taxing Wages 2021 average rate in Japan')
  })
})

describe('cost of living: rents and the comparison', () => {
  it('shows the measured rents for the chosen bedrooms, each with its source, and asks for a new size', async () => {
    await signIn()
    const { user, router } = await renderRoute('/living-cost?city=%22united-states%2Faustin-tx%22&compare=%22france%2Fparis%22')
    const rents = await screen.findByRole('region', { name: 'Measured rents (1 bedroom)' })
    expect(rents).toHaveTextContent('$1,650 a month: Fair Market Rent, 1-bedroom home, Austin-Round Rock, TX MSA (FY2025)')
    expect(rents).toHaveTextContent('$1,669 a month: Median gross rent, all sizes, Travis County, TX')
    expect(rents).toHaveTextContent('€1,052 a month: Rent, 1-bedroom home, Paris (2025)')
    expect(within(rents).getAllByRole('link', { name: /Fair Market Rents/ })[0]).toHaveAttribute(
      'href',
      'https://www.huduser.gov/portal/datasets/fmr.html',
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bedrooms' }), '2')
    await user.click(screen.getByRole('button', { name: 'Show costs' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ bedrooms: 2 }))
    expect(await screen.findByRole('region', { name: 'Measured rents (2 bedrooms)' })).toHaveTextContent('$1,949 a month')
  })

  it('emptying "Compare with" and pressing Show costs shows one city only', async () => {
    await signIn()
    const { user, router } = await renderRoute('/living-cost?city=%22united-states%2Faustin-tx%22&compare=%22japan%2Ftokyo%22')
    const table = await screen.findByRole('table', { name: /Monthly budget/ })
    expect(within(table).getByRole('columnheader', { name: 'Tokyo' })).toBeInTheDocument()
    await user.clear(screen.getByRole('combobox', { name: 'Compare with (optional)' }))
    await user.click(screen.getByRole('button', { name: 'Show costs' }))
    await waitFor(() => expect(router.state.location.search.compare).toBeUndefined())
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Tokyo' })).not.toBeInTheDocument())
    expect(screen.getByRole('columnheader', { name: 'Austin, TX' })).toBeInTheDocument()
  })
})

describe('countries and locations', () => {
  it('/countries lists countries with flags and links to gated details', async () => {
    const { user, router } = await renderRoute('/countries')
    expect(await screen.findByRole('heading', { level: 1, name: 'Countries' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Flag of Japan' })).toHaveTextContent('🇯🇵')
    await user.click(screen.getByRole('link', { name: 'Japan details' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'country', redirect: '/countries/japan' })
  })

  it('a location page shows what we know; an unknown slug is a 404 page', async () => {
    await renderRoute('/france/paris')
    expect(await screen.findByRole('heading', { level: 1, name: 'Paris' })).toBeInTheDocument()
    expect(screen.getByText(/GeoNames/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Salaries in Paris' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Rent, one bedroom' })).toHaveTextContent('Rent, 1-bedroom home, Paris (2025)€1,052 a month')
  })

  it('a location page links three related library articles, which open in the library', async () => {
    const { user, router } = await renderRoute('/france/paris')
    const related = await screen.findByRole('region', { name: 'Related articles' })
    const links = within(related).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Planning a study-abroad budget', '/articles/study-abroad-budget'],
      ['Finding scholarships as an international student', '/articles/scholarships-for-international-students'],
      ['How to answer “Tell me about yourself”', '/articles/answering-tell-me-about-yourself'],
    ])
    expect(within(related).getByText(/Tuition, rent, insurance/)).toBeInTheDocument()
    await user.click(links[0]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/articles/study-abroad-budget'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Planning a study-abroad budget' })).toBeInTheDocument()
  })

  it('answers Page not found for an unknown place', async () => {
    await renderRoute('/france/nowhere-zz')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse countries' })).toHaveAttribute('href', '/countries')
  })
})
