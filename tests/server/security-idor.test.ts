import * as v from 'valibot'
import { expect, test } from 'vitest'
import { accountExport } from '~contract/auth.ts'
import { coverLetterMessages, emptyCoverLetterData } from '~contract/cover-letter.ts'
import type { PlaylistItem } from '~contract/playlist.ts'
import { emptyResumeData, resumeMessages, type StoredResume } from '~contract/resume.ts'
import { bearer, registerUser, send } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { useLibrary } from './support/library.ts'

// What resumes.test.ts, cover-letters.test.ts and playlist.test.ts do not cover yet: ids used
// across document kinds, the GDPR export, listening positions and the playlist order.
describeDbs('IDOR: another user’s resume, cover letter and playlist', (suite) => {
  const library = useLibrary(suite)

  test('user B cannot read, change or delete what user A keeps, by any route that takes an id', async () => {
    const app = library.app()
    const ana = await registerUser(app)
    const ben = await registerUser(app)
    const as = (who: { access: string }) => (method: string, path: string, body?: unknown) => send(app, method, path, body, bearer(who.access))
    const anaCalls = as(ana)
    const benCalls = as(ben)

    const resumeData = emptyResumeData()
    resumeData.heading = { ...resumeData.heading, firstName: 'Ana', email: 'ana@example.org' }
    const resume = (await (await anaCalls('POST', '/api/resumes', { title: 'Ana CV', template: 'cool', data: resumeData })).json()) as StoredResume
    const letterData = emptyCoverLetterData()
    letterData.you = { ...letterData.you, firstName: 'Ana' }
    const letter = (await (
      await anaCalls('POST', '/api/cover-letters', { title: 'Ana letter', template: 'cool', data: letterData })
    ).json()) as StoredResume
    expect((await anaCalls('POST', '/api/users/me/playlist', { audioId: 'ten-interview-tips' })).status).toBe(201)
    expect((await anaCalls('PUT', '/api/users/me/playlist/ten-interview-tips/position', { position: 42 })).status).toBe(204)

    // Ben, with A's ids and the current version, on every route that takes an id.
    const putResume = { title: 'Ben was here', template: 'cool', data: emptyResumeData(), version: resume.version }
    const putLetter = { title: 'Ben was here', template: 'cool', data: emptyCoverLetterData(), version: letter.version }
    const attempts: [string, string, unknown, string][] = [
      ['GET', `/api/resumes/${resume.id}`, undefined, resumeMessages.notFound],
      ['PUT', `/api/resumes/${resume.id}`, putResume, resumeMessages.notFound],
      ['DELETE', `/api/resumes/${resume.id}`, undefined, resumeMessages.notFound],
      ['GET', `/api/cover-letters/${letter.id}`, undefined, coverLetterMessages.notFound],
      ['PUT', `/api/cover-letters/${letter.id}`, putLetter, coverLetterMessages.notFound],
      ['DELETE', `/api/cover-letters/${letter.id}`, undefined, coverLetterMessages.notFound],
      // An id of one kind at the other kind's route, even by its owner.
      ['GET', `/api/cover-letters/${resume.id}`, undefined, coverLetterMessages.notFound],
      ['GET', `/api/resumes/${letter.id}`, undefined, resumeMessages.notFound],
    ]
    for (const [method, path, body, detail] of attempts) {
      const response = await benCalls(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(await response.json()).toEqual({ detail })
    }
    expect((await anaCalls('GET', `/api/cover-letters/${resume.id}`)).status).toBe(404)

    // Ben's playlist routes only ever touch Ben's playlist.
    const foreignTrack = await benCalls('DELETE', '/api/users/me/playlist/ten-interview-tips')
    expect(foreignTrack.status).toBe(404)
    const reorder = await benCalls('PUT', '/api/users/me/playlist', { audioIds: ['ten-interview-tips'] })
    expect(reorder.status).toBe(400)
    expect((await benCalls('PUT', '/api/users/me/playlist/ten-interview-tips/position', { position: 5 })).status).toBe(204)
    expect((await benCalls('DELETE', '/api/users/me/playlist')).status).toBe(204)

    // Ben's lists and export hold nothing of Ana's.
    const benExport = v.parse(accountExport, await (await benCalls('GET', '/api/users/me/export')).json())
    expect(benExport.account.email).toBe(ben.email)
    expect(benExport.resumes).toEqual([])
    expect(benExport.cover_letters).toEqual([])
    expect(benExport.playlist).toEqual([])
    expect(benExport.listening_positions.map((p) => p.position)).toEqual([5])
    for (const path of ['/api/resumes', '/api/cover-letters']) {
      expect(await (await benCalls('GET', path)).json()).toMatchObject({ count: 0, results: [] })
    }
    expect(await (await benCalls('GET', '/api/users/me/playlist')).json()).toEqual([])

    // Ana's things are as she left them.
    expect(await (await anaCalls('GET', `/api/resumes/${resume.id}`)).json()).toEqual(resume)
    expect(await (await anaCalls('GET', `/api/cover-letters/${letter.id}`)).json()).toEqual(letter)
    const anaList = (await (await anaCalls('GET', '/api/users/me/playlist')).json()) as PlaylistItem[]
    expect(anaList.map((item) => [item.audioId, item.position])).toEqual([['ten-interview-tips', 42]])
    const anaExport = v.parse(accountExport, await (await anaCalls('GET', '/api/users/me/export')).json())
    expect(anaExport.resumes).toHaveLength(1)
    expect(anaExport.cover_letters).toHaveLength(1)
    expect(anaExport.listening_positions.map((p) => p.position)).toEqual([42])
  })
})
