// The account export of a large account (issue 19, point 3) streams: it arrives in pieces and,
// read whole, is complete and valid JSON. Its memory is measured, not asserted here:
// bench/export-memory.ts (six parallel exports of 100 resumes of 47 KB).

import * as v from 'valibot'
import { expect, test } from 'vitest'
import { accountExport, type Me } from '~contract/auth.ts'
import { coverLetters, resumes } from '../../server/db/schema.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'

const line = 'Led 6 analysts across Łódź, Kraków and 東京; reports in Ελληνικά and Русский; Nguyễn Thị Ánh mentored. '

describeDbs('GET /api/users/me/export of a large account', (suite) => {
  test('100 resumes of ~47 KB and 100 cover letters arrive in pieces, complete, in order, each once, every script intact', async () => {
    const user = await registerUser(suite.app())
    const { id: userId } = (await (await send(suite.app(), 'GET', '/api/users/me', undefined, bearer(user.access))).json()) as Me
    // One statement: every row shares its creation time, so the paging must order by id as well.
    const madeResumes = await suite.db
      .insert(resumes)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          userId,
          title: `Resume ${i} — ${i % 2 ? 'Łucja' : '日本語'}`,
          template: 'cool',
          data: {
            heading: { firstName: 'Nguyễn', phone: `+48 600 ${String(i).padStart(3, '0')} 000` },
            experience: Array.from({ length: 40 }, (_, n) => ({ id: `${i}-${n}`, description: line.repeat(11) })),
          },
        })),
      )
      .returning({ id: resumes.id })
    await suite.db.insert(coverLetters).values(
      Array.from({ length: 100 }, (_, i) => ({
        userId,
        title: `Letter ${i}`,
        template: 'brilliant',
        data: { letterBody: `Dear team ${i}, ${line}` },
      })),
    )

    const response = await send(suite.app(), 'GET', '/api/users/me/export', undefined, bearer(user.access))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="waypoint-export.json"')
    expect(response.headers.get('Content-Length')).toBeNull()

    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let pieces = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      pieces += 1
      text += decoder.decode(value, { stream: true })
    }
    text += decoder.decode()
    expect(Buffer.byteLength(text)).toBeGreaterThan(4_500_000)
    expect(pieces).toBeGreaterThan(20)

    const data = v.parse(accountExport, JSON.parse(text))
    expect(data.account.email).toBe(user.email)
    expect(data.resumes).toHaveLength(100)
    expect(new Set(data.resumes.map((r) => r.id))).toEqual(new Set(madeResumes.map((r) => r.id)))
    expect(data.resumes.map((r) => r.id)).toEqual([...madeResumes.map((r) => r.id)].sort())
    const first = data.resumes.find((r) => r.title === 'Resume 1 — Łucja')!
    expect(first.data).toMatchObject({ heading: { firstName: 'Nguyễn', phone: '+48 600 001 000' } })
    expect(JSON.stringify(first.data).length).toBeGreaterThan(40_000)
    expect((first.data as { experience: { description: string }[] }).experience[39]!.description).toBe(line.repeat(11))
    expect(data.cover_letters.map((l) => l.title).sort()).toEqual(Array.from({ length: 100 }, (_, i) => `Letter ${i}`).sort())
  })

  test('an account with no documents exports empty lists, still valid JSON', async () => {
    const user = await registerUser(suite.app())
    const response = await send(suite.app(), 'GET', '/api/users/me/export', undefined, bearer(user.access))
    const data = v.parse(accountExport, JSON.parse(await response.text()))
    expect(data.resumes).toEqual([])
    expect(data.cover_letters).toEqual([])
  })

  test('without a session there is no export', async () => {
    const response = await send(suite.app(), 'GET', '/api/users/me/export', undefined, {})
    expect(response.status).toBe(401)
  })
})
