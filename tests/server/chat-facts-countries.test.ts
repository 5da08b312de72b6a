import { describe, expect, test } from 'vitest'
import { answerFacts, factQuery } from '../../server/services/assistant/facts.ts'

/** The facts base's answer to a question as a student writes it (and the conversation before it). */
const answer = (question: string, context = '') => {
  const query = factQuery(question, context)
  expect(query, question).not.toBeNull()
  const result = answerFacts(query!)
  expect(result, question).not.toBeNull()
  return { query: query!, text: result!.text, urls: result!.sources.map((s) => s.url) }
}

const zurichWork = 'https://www.zh.ch/internet/volkswirtschaftsdirektion/awa/en/workpermitunit/drittstaaten/praktikum_studium.html'
const zurichGraduates = 'https://www.zh.ch/internet/volkswirtschaftsdirektion/awa/en/workpermitunit/drittstaaten/hochschulabsolventen.html'
const siri = 'https://nyidanmark.dk/en-GB/Words-and-concepts/SIRI/Work-permits-for-students-in-higher-educational-programmes'
const mom = 'https://www.mom.gov.sg/passes-and-permits/work-pass-exemption-for-foreign-students'

describe('work rights while studying in the newer countries', () => {
  test.each([
    ['can i work while studying in zurich?', 'Switzerland', /15 hours a week/, /six months/, zurichWork],
    ['non-EU student in copenhagen how many hours can i work', 'Denmark', /90 hours a month/, /June, July and August/, siri],
    [
      'how many hours can i work on a student pass in singapore',
      'Singapore',
      /16 hours a week/,
      /no limit on hours during the official school vacations/,
      mom,
    ],
    ['im at NUS, can i get a part time job during the semester??', 'Singapore', /16 hours a week/, /approved/, mom],
    ['Darf ich als Student in der Schweiz arbeiten?', 'Switzerland', /15 hours a week/, /full time \(100%\)/, zurichWork],
  ])('%s', (question, country, rule, condition, url) => {
    const { query, text, urls } = answer(question)
    expect(query.topic).toBe('work-while-studying')
    expect(query.countries).toEqual([country])
    expect(text).toMatch(rule)
    expect(text).toMatch(condition)
    expect(urls).toContain(url)
    expect(text).toContain('checked 2026-11-28')
  })

  test('a follow-up naming only a new city keeps the topic', () => {
    const { query, text, urls } = answer('and in geneva?', 'how many hours can i work as a student in london')
    expect(query).toMatchObject({ topic: 'work-while-studying', countries: ['Switzerland'] })
    expect(text).toMatch(/15 hours a week/)
    expect(urls).toEqual([zurichWork])
  })

  test('a country without a checked rule says so instead of quoting another country as its own', () => {
    const { query, text } = answer('can i work while studying in spain? like in madrid')
    expect(query.countries).toEqual(['Spain'])
    expect(text).toMatch(/I have no checked rule for Spain yet/)
  })
})

describe('staying to work after graduating', () => {
  test.each([
    ['can i stay in switzerland after graduation to look for a job', /six months after graduating/, zurichGraduates],
    ['after my masters in denmark can i stay and work there', /3 years/, siri],
    [
      'can i stay in italy after my degree to look for work?',
      /up to 12 months/,
      'http://www.lineaamica.gov.it/risposte/permesso-soggiorno-attesa-occupazione-possibile-richiederlo-conclusione-un-dottorato-o-un',
    ],
  ])('%s', (question, rule, url) => {
    const { query, text, urls } = answer(question)
    expect(query.topic).toBe('work-after-study')
    expect(text).toMatch(rule)
    expect(urls).toContain(url)
  })
})

describe('language certificates', () => {
  test.each([
    ['how long is the DELE valid?', 'DELE', /never expire/, 'https://cervantes.org/es/examenes/dele'],
    ['does my siele or dele certificate expire', 'DELE', /A1 to C2/, 'https://cervantes.org/es/examenes/dele'],
    [
      'does the TCF expire? i need it for a french uni',
      'DELF/DALF/TCF',
      /valid for two years/,
      'https://am.ambafrance.org/Les-certifications-de-langue-francaise',
    ],
    [
      'is DELF B2 valid for life or do i need to retake it',
      'DELF/DALF/TCF',
      /valid for life/,
      'https://am.ambafrance.org/Les-certifications-de-langue-francaise',
    ],
  ])('%s', (question, testName, rule, url) => {
    const { query, text, urls } = answer(question)
    expect(query).toMatchObject({ topic: 'tests', tests: [testName] })
    expect(text).toMatch(rule)
    expect(urls).toEqual([url])
  })
})

const integrazione =
  'https://www.integrazionemigranti.gov.it/en-gb/Ricerca-news/Dettaglio-news/id/3085/Is-it-possible-to-work-or-do-an-internship-with-a-residence-permit-for-study-reasons'
const studyInSweden = 'http://studyinsweden.se/life-in-sweden/working-in-sweden/'
const migrationsverket =
  'https://www.migrationsverket.se/English/Private-individuals/Studying-and-researching-in-Sweden/Higher-education/After-your-studies.html'
const uae = 'https://u.ae/en/information-and-services/jobs/employment-and-training-of-minors'

describe('work rights while studying: Italy, Sweden, the UAE', () => {
  test.each([
    ['how many hours can i work in italy on a student permit?', 'Italy', /20 hours a week/, /1,040 hours a year/, integrazione],
    ['non-EU student in milan here, can i get a part time job? how many hours a week', 'Italy', /20 hours a week/, /52 weeks/, integrazione],
    ['can international students work in stockholm while studying?', 'Sweden', /no official limit on the number of hours/, /40-hour/, studyInSweden],
    ['how many hours can i work on a student permit in sweden', 'Sweden', /no official limit/, /residence permit/, studyInSweden],
    ['can i work while studying in dubai', 'United Arab Emirates', /academic holidays/, /three consecutive months/, uae],
    ['can a student work part time in the UAE? i study in abu dhabi', 'United Arab Emirates', /aged 15 and over/, /MoHRE/, uae],
  ])('%s', (question, country, rule, condition, url) => {
    const { query, text, urls } = answer(question)
    expect(query.topic).toBe('work-while-studying')
    expect(query.countries).toEqual([country])
    expect(text).toMatch(rule)
    expect(text).toMatch(condition)
    expect(urls).toEqual([url])
    expect(text).toContain('checked 2026-11-28')
  })

  test('a follow-up naming only a new country keeps the topic', () => {
    const { query, urls } = answer('what about sweden?', 'how many hours can i work as a student in italy')
    expect(query).toMatchObject({ topic: 'work-while-studying', countries: ['Sweden'] })
    expect(urls).toEqual([studyInSweden])
  })

  test.each([
    ['can i work while studying in seoul', 'South Korea'],
    ['how many hours can international students work in new zealand', 'New Zealand'],
  ])('%s: no official page read yet, so it says so', (question, country) => {
    const { query, text } = answer(question)
    expect(query.countries).toEqual([country])
    expect(text).toContain(`I have no checked rule for ${country} yet`)
  })
})

describe('staying to look for work after study in Sweden', () => {
  test.each([['can i stay in sweden after my masters to look for a job?'], ['after i graduate from KTH can i stay and work in sweden']])(
    '%s',
    (question) => {
      const { query, text, urls } = answer(question)
      expect(query).toMatchObject({ topic: 'work-after-study', countries: ['Sweden'] })
      expect(text).toMatch(/at least two semesters/)
      expect(text).toMatch(/before your current permit expires/)
      expect(urls).toEqual([migrationsverket])
    },
  )
})

describe('JLPT and TOPIK', () => {
  const jlpt = 'http://www.jlpt.jp/sp/e/about/points.html'
  const topik = 'http://www.niied.go.kr/user/nd95750.do'
  test.each([
    ["what's JLPT N2", 'JLPT', /N1 and N2 the Japanese used in a broad range/, jlpt],
    ['how are jlpt scores reported? is it just how many i got right', 'JLPT', /scaled scores/, jlpt],
    ['which sections are in the jlpt, is there a speaking part?', 'JLPT', /no speaking or writing section/, jlpt],
    ['what topik level do i need for a korean uni', 'TOPIK', /level 3 from 120/, topik],
    ['how many points is TOPIK level 5?', 'TOPIK', /level 5 from 190/, topik],
    ['topik II is out of how many points', 'TOPIK', /scored out of 300/, topik],
  ])('%s', (question, testName, rule, url) => {
    const { query, text, urls } = answer(question)
    expect(query).toMatchObject({ topic: 'tests', tests: [testName] })
    expect(text).toMatch(rule)
    expect(urls).toEqual([url])
  })

  test('how to prepare is the library’s, not the facts base’s', () => {
    expect(factQuery('how should i prepare for the jlpt n3?')).toBeNull()
  })
})
