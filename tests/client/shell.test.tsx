import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from './support/render'

describe('top bar', () => {
  it('links the logo home and offers the three menus of the spec', async () => {
    const { user, router } = await renderRoute('/about-us')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Waypoint home' })).toHaveAttribute('href', '/')

    await user.click(within(banner).getByRole('button', { name: 'Services' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Salary Insights'), expect.stringContaining('Cost of Living')])
    await user.click(within(menu).getByRole('menuitem', { name: 'Cost of Living' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/living-cost'))
  })

  it('search overlay: placeholder names the host, clear empties it, submit goes to /search and closes', async () => {
    const { user, router } = await renderRoute('/')
    const toggle = await screen.findByRole('button', { name: 'Search' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')

    const box = await screen.findByRole('searchbox', { name: 'Search Waypoint' })
    expect(box).toHaveAttribute('placeholder', `Search ${window.location.host}`)
    await waitFor(() => expect(box).toHaveFocus())

    await user.type(box, 'interview')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(box).toHaveValue('')

    await user.type(box, 'cover letter{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'))
    expect(router.state.location.search).toEqual({ title: 'cover letter' })
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
    expect(await screen.findByText('You searched for “cover letter”.')).toBeInTheDocument()
  })

  it('search icon closes the overlay again, Escape too', async () => {
    const { user } = await renderRoute('/')
    const toggle = await screen.findByRole('button', { name: 'Search' })
    await user.click(toggle)
    expect(await screen.findByRole('search')).toBeInTheDocument()
    await user.click(toggle)
    expect(screen.queryByRole('search')).not.toBeInTheDocument()

    await user.click(toggle)
    await screen.findByRole('search')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
    await waitFor(() => expect(toggle).toHaveFocus())
  })

  it('burger menu opens a dialog named Menu whose links navigate and close it', async () => {
    const { user, router } = await renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    for (const name of ['Articles', 'Countries', 'Resume Builder', 'Cover Letter Builder', 'Salary Insights', 'Cost of Living']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument()
    }
    await user.click(within(menu).getByRole('link', { name: 'Resume Builder' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/resume'))
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
  })
})

describe('footer', () => {
  it('has the three link columns, seven social links, legal links and the copyright years', async () => {
    await renderRoute('/')
    const footer = await screen.findByRole('contentinfo')
    for (const name of ['Explore', 'Builder', 'Services', 'Newsletter']) {
      expect(within(footer).getByRole('heading', { name })).toBeInTheDocument()
    }
    expect(within(within(footer).getByRole('list', { name: 'Waypoint on social media' })).getAllByRole('link')).toHaveLength(7)
    for (const name of ['Privacy Policy', 'Cookie Policy', 'Terms and Conditions', 'GDPR Compliance Statement']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument()
    }
    expect(footer).toHaveTextContent(`© 2024–${new Date().getFullYear()} Waypoint`)
  })

  it.each([
    ['/library', 'soft'],
    ['/posts', 'soft'],
    ['/contact-us', 'soft'],
    ['/salary', 'default'],
    ['/living-cost', 'default'],
    ['/about-us', 'default'],
  ])('on %s uses the %s style', async (path, variant) => {
    await renderRoute(path)
    expect(await screen.findByRole('contentinfo')).toHaveAttribute('data-variant', variant)
  })
})

describe('routes', () => {
  it('shows a 404 page for an unknown path', async () => {
    await renderRoute('/no/such/page/here')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('keeps a valid loginfrom and drops a foreign redirect', async () => {
    const { router } = await renderRoute('/userlogin?loginfrom=salary&redirect=https%3A%2F%2Fevil.example%2F')
    expect(await screen.findByText('Sign in to see salary insights results.')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ loginfrom: 'salary' })
  })

  it('drops an unknown loginfrom and keeps a same-origin redirect', async () => {
    const { router } = await renderRoute('/userlogin?loginfrom=nowhere&redirect=%2Fsalary%3Fjob%3Dnurse')
    await screen.findByRole('heading', { level: 1, name: 'Sign In to Your Account' })
    expect(router.state.location.search).toEqual({ redirect: '/salary?job=nurse' })
  })

  it('keeps a numeric search title as text', async () => {
    await renderRoute('/search?title=2024')
    expect(await screen.findByText('You searched for “2024”.')).toBeInTheDocument()
  })
})
