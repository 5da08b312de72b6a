// The music player as a listener meets it (issue 5 acceptance), with real narrated audio:
// add two articles (the first through the sign-in detour), play, watch the elapsed time move,
// seek to the middle, skip to the next track, then break the first track's audio and see the
// next one take over; the mini player shows on /library and not on /salary.

import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { ArticleAudio } from '~contract/library.ts'
import { expectClean, screenshot, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()
const email = `e2e-player-${Date.now()}@example.com`
const password = 'lantern-harbour-42'

const first = { slug: 'weekly-job-search-routine-and-tracker', title: 'A weekly job-search routine, and a tracker to keep it honest' }
const second = { slug: 'remote-internships-how-to-stand-out', title: 'How to stand out in a remote internship' }

/** A media element drops its running request when it seeks or changes source: not a failure. */
const mediaAborts = /\.mp3\S* failed: net::ERR_ABORTED/

/** Seconds of an 'mm:ss' text. */
const seconds = (text: string) => {
  const [m, s] = text.split(':').map(Number)
  return m! * 60 + s!
}

/** Narration runs in the background: ask for both files now and wait until they exist. */
async function narrationsReady({ request }: Pick<Page, 'request'>) {
  for (const { slug } of [first, second]) await request.head(urlOf(`/api/audio/${slug}.mp3`))
  for (const { slug } of [first, second]) {
    await expect
      .poll(async () => ((await (await request.get(urlOf(`/api/audio/${slug}`))).json()) as ArticleAudio).status, {
        timeout: 180_000,
        interval: 2000,
      })
      .toBe('ready')
  }
}

async function elapsed(bar: Locator): Promise<number> {
  return seconds((await bar.getByRole('timer', { name: 'Elapsed time' }).textContent())!.trim())
}

describe('music player', () => {
  it('add two articles, play, seek, next; a failing track hands over to the next one', async () => {
    const start = await browser.openPage(`/articles/${first.slug}`)
    await start.getByRole('heading', { level: 1, name: first.title }).waitFor()
    const narrations = narrationsReady(browser.context())

    // A guest: 'Add to playlist' goes through signing up and comes back with playerActive.
    await start.getByRole('button', { name: 'Add to playlist' }).click()
    await start.waitForURL((url) => url.pathname === '/userlogin')
    expect(new URL(start.url()).searchParams.get('loginfrom')).toBe('library')
    await start.getByRole('button', { name: 'Sign Up' }).click()
    await start.getByRole('button', { name: 'Continue with Email' }).click()
    await start.getByRole('textbox', { name: 'Email' }).fill(email)
    await start.getByLabel('Password', { exact: true }).fill(password)
    await start.getByLabel('Confirm Password', { exact: true }).fill(password)
    await start.getByRole('button', { name: 'Sign up & Next' }).click()
    await start.waitForURL((url) => url.pathname === `/articles/${first.slug}` && url.searchParams.get('playerActive') === 'true')
    await start.getByRole('status').filter({ hasText: 'Added to your playlist' }).waitFor()

    // The after-sign-in rule opened the player with its playlist.
    const startBar = start.getByRole('region', { name: 'Music player' })
    await startBar.getByRole('region', { name: 'Your playlist' }).waitFor()
    await startBar.getByRole('link', { name: first.title, exact: true }).waitFor()

    expectClean(start, { allow: [mediaAborts] })
    await start.close()

    // The second article, added from its own page (a new tab: signed in, the player comes along).
    const other = await browser.openPage(`/articles/${second.slug}`)
    await other.getByRole('heading', { level: 1, name: second.title }).waitFor()
    await other.getByRole('button', { name: 'Add to playlist' }).click()
    await other.getByRole('status').filter({ hasText: 'Added to your playlist' }).waitFor()
    const otherBar = other.getByRole('region', { name: 'Music player' })
    await otherBar.getByRole('button', { name: 'Show playlist' }).click()
    await expect.poll(() => otherBar.getByRole('region', { name: 'Your playlist' }).getByRole('listitem').count()).toBe(2)
    expectClean(other, { allow: [mediaAborts] })
    await other.close()

    await narrations
    // A fresh page: the player comes back from the saved state and the server's playlist.
    const page = await browser.openPage('/library')
    const bar = page.getByRole('region', { name: 'Music player' })
    const playlist = bar.getByRole('region', { name: 'Your playlist' })
    await bar.getByRole('link', { name: first.title, exact: true }).waitFor({ timeout: 20_000 })
    await bar.getByText('Track 1 of 2').waitFor()

    // Play: the elapsed time moves.
    await bar.getByRole('button', { name: 'Play', exact: true }).click()
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor()
    await expect.poll(() => elapsed(bar), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(first.title)
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing')
    await screenshot(page, 'player-playing')

    // Seek to the middle by clicking the middle of the waveform.
    const slider = bar.getByRole('slider', { name: 'Seek' })
    const duration = Number(await slider.getAttribute('aria-valuemax'))
    expect(duration).toBeGreaterThan(60)
    const box = (await slider.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect.poll(() => elapsed(bar), { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.floor(duration / 2) - 2)
    expect(await elapsed(bar)).toBeLessThan(duration / 2 + 10)
    const afterSeek = await elapsed(bar)
    await expect.poll(() => elapsed(bar), { timeout: 10_000 }).toBeGreaterThan(afterSeek)

    // Next track: the second article plays from its start.
    await bar.getByRole('button', { name: 'Next track' }).click()
    await bar.getByRole('link', { name: second.title, exact: true }).waitFor()
    await expect.poll(() => elapsed(bar), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    expect(await elapsed(bar)).toBeLessThan(30)
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor()
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(second.title)

    // The first track's audio now fails: choosing it hands over to the next track, which plays.
    await page.route(`**/api/audio/${first.slug}.mp3**`, (route) => route.abort('failed'))
    await bar.getByRole('button', { name: 'Show playlist' }).click()
    await playlist.getByRole('button', { name: `Play ${first.title}` }).click()
    await expect.poll(() => playlist.getByRole('listitem').nth(1).getAttribute('aria-current'), { timeout: 20_000 }).toBe('true')
    await bar.getByRole('link', { name: second.title, exact: true }).waitFor()
    const restart = await elapsed(bar)
    await expect.poll(() => elapsed(bar), { timeout: 20_000 }).toBeGreaterThan(restart)
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor()
    await screenshot(page, 'player-main-open')

    await bar.getByRole('button', { name: 'Pause', exact: true }).click()
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor()
    expectClean(page, { allow: [new RegExp(`/api/audio/${first.slug}\\.mp3`), mediaAborts] })
  }, 360_000)

  it('the mini player shows on /library and hides on /salary; on a phone it fits the screen', async () => {
    const page = await browser.openPage('/library', { width: 375, height: 812 })
    const bar = page.getByRole('region', { name: 'Music player' })
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 })
    for (const name of ['Play', 'Next track', 'Previous track', 'Show playlist', 'Close player']) {
      const box = (await bar.getByRole('button', { name, exact: true }).boundingBox())!
      expect(box.x, name).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, name).toBeLessThanOrEqual(375)
    }
    const wave = (await bar.getByRole('slider', { name: 'Seek' }).boundingBox())!
    expect(wave.width).toBeGreaterThan(150)
    await screenshot(page, 'player-phone')
    expectClean(page, { allow: [mediaAborts] })

    // Leaving the page cuts the media element's request off: only the player's page is checked.
    await page.goto(urlOf('/salary'))
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await page.getByRole('region', { name: 'Music player' }).count()).toBe(0)

    await page.goto(urlOf('/library'))
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 })
  }, 60_000)
})
