import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { CONSENT_COOKIE, consentStore } from '@/features/consent'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

function forgetConsent() {
  document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`
}

/** Page views the SPA sent to /api/events. */
function recordEvents() {
  const events: { path: string; referrer: string | null }[] = []
  server.use(
    http.post('*/api/events', async ({ request }) => {
      events.push((await request.json()) as { path: string; referrer: string | null })
      return new HttpResponse(null, { status: 202 })
    }),
  )
  return events
}

afterEach(forgetConsent)

describe('cookie consent', () => {
  it('a first visit shows the banner; rejecting stores the choice and sends no page views', async () => {
    const events = recordEvents()
    const { user, router } = await renderRoute('/')
    const banner = await screen.findByRole('region', { name: 'Cookies on Waypoint' })
    await user.click(within(banner).getByRole('button', { name: 'Reject all' }))
    expect(screen.queryByRole('region', { name: 'Cookies on Waypoint' })).not.toBeInTheDocument()
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=necessary`)

    await router.navigate({ to: '/about-us' })
    await router.navigate({ to: '/services' })
    expect(events).toEqual([])
  })

  it('accepting analytics reports the next page views with path and referrer path only', async () => {
    const events = recordEvents()
    consentStore.openSettings()
    const { user, router } = await renderRoute('/library')
    const banner = await screen.findByRole('region', { name: 'Cookies on Waypoint' })
    await user.click(within(banner).getByRole('button', { name: 'Choose' }))
    await user.click(within(banner).getByRole('checkbox', { name: 'Analytics' }))
    await user.click(within(banner).getByRole('button', { name: 'Save choices' }))
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=analytics`)

    await router.navigate({ to: '/posts' })
    await waitFor(() => expect(events).toEqual([{ path: '/posts', referrer: '/library' }]))
  })

  it('the footer reopens the choices', async () => {
    consentStore.choose('necessary')
    const { user } = await renderRoute('/')
    expect(screen.queryByRole('region', { name: 'Cookies on Waypoint' })).not.toBeInTheDocument()
    await user.click(within(await screen.findByRole('contentinfo')).getByRole('button', { name: 'Cookie settings' }))
    expect(await screen.findByRole('region', { name: 'Cookies on Waypoint' })).toBeInTheDocument()
  })
})
