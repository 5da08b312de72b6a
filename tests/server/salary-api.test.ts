import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import type { LocationDetail, LocationList, OccupationMatch, SalaryResult } from '~contract/locations.ts'
import { csvRecords } from '../../scripts/datasets/csv.ts'
import { bearer, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'

// The official OEWS May 2025 extracts, read here independently of the importer: the API must repeat their figures.
const stateRows = csvRecords(readFileSync('../shared/data/bls-oews-state-2025.csv', 'utf8'))
const metroRows = csvRecords(readFileSync('../shared/data/bls-oews-metro-2025.csv', 'utf8'))
const stateRow = (title: string, code: string) => stateRows.find((row) => row.AREA_TITLE === title && row.OCC_CODE === code)
const metroRow = (area: string, code: string) => metroRows.find((row) => row.AREA === area && row.OCC_CODE === code)
const money = (cell: string | undefined) => (cell ? { value: Number(cell), top_coded: false } : null)

describeDbs('salary API', (suite) => {
  let access = ''
  const get = async (path: string) => {
    access ||= (await registerUser(suite.app())).access
    return suite.app().request(path, { headers: bearer(access) })
  }
  const salary = async (job: string, location: string) => {
    const response = await get(`/api/salary?job=${encodeURIComponent(job)}&location=${encodeURIComponent(location)}`)
    expect(response.status).toBe(200)
    return (await response.json()) as SalaryResult
  }

  test('a guest gets 401: salary results are for signed-in users', async () => {
    const response = await getJson(suite.app(), '/api/salary?job=15-1252')
    expect(response.status).toBe(401)
  })

  test('the U.S. national figures are OEWS May 2025, measured, employees only', async () => {
    const body = await salary('Software developers', 'united-states')
    expect(body.occupation).toEqual({ code: '15-1252', title: 'Software Developers', slug: 'software-developers' })
    // ../shared/data/README.md: median $135,980 (p10 $82,460, p90 $214,670).
    expect(body.percentiles).toMatchObject({ p10: { value: 82460 }, p50: { value: 135980 }, p90: { value: 214670 } })
    expect(body).toMatchObject({ is_estimate: false, scope: 'national', area: 'United States', vintage: 'May 2025', fallback: null })
    expect(body.notes).toContain('Employees only: OEWS surveys employers, so the self-employed are excluded.')
    expect(body.source).toMatchObject({
      year: 2025,
      name: expect.stringContaining('Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2025'),
    })
  })

  test('California is a place: its state figures, with employment, location quotient and the entry-level band', async () => {
    const body = await salary('15-1252', 'united-states/california')
    const row = stateRow('California', '15-1252')!
    // README spot values: median $174,410, p10 $105,060, p90 $272,670, employment 284,390.
    expect(body.percentiles.p50).toEqual({ value: 174410, top_coded: false })
    expect(body.percentiles).toEqual({
      p10: money(row.A_PCT10),
      p25: money(row.A_PCT25),
      p50: money(row.A_MEDIAN),
      p75: money(row.A_PCT75),
      p90: money(row.A_PCT90),
    })
    expect(body).toMatchObject({
      scope: 'state',
      area: 'California',
      employment: 284390,
      location_quotient: Number(row.LOC_QUOTIENT),
      is_estimate: false,
    })
    expect(body.location).toMatchObject({ name: 'California', kind: 'state', url: '/united-states/california' })
    expect(body.entry_level).toEqual({ from: money(row.A_PCT10), to: money(row.A_PCT25) })
    expect(body.mean).toEqual(money(row.A_MEAN))
    expect(body.source?.name).toContain('(state estimates)')
  })

  test('a U.S. city answers with its metro area, measured, naming the county and the area', async () => {
    // README spot values (15-1252 medians): New York $166,830, San Francisco $186,640, Austin $134,120.
    const cases = [
      ['united-states/new-york-ny', '35620', 166830, 'New York County, NY'],
      ['united-states/san-francisco-ca', '41860', 186640, 'San Francisco County, CA'],
      ['united-states/austin-tx', '12420', 134120, 'Travis County, TX'],
    ] as const
    for (const [place, cbsa, median, county] of cases) {
      const body = await salary('15-1252', place)
      const row = metroRow(cbsa, '15-1252')!
      expect(body.percentiles.p50?.value, place).toBe(median)
      expect(body.percentiles.p90, place).toEqual(money(row.A_PCT90))
      expect(body, place).toMatchObject({
        scope: 'metro',
        is_estimate: false,
        employment: Number(row.TOT_EMP),
        location_quotient: Number(row.LOC_QUOTIENT),
        fallback: null,
      })
      expect(body.area, place).toBe(`${row.AREA_TITLE} metro area`)
      expect(body.method, place).toContain(`is in ${county}, in the ${row.AREA_TITLE} metro area`)
      expect(body.method, place).not.toMatch(/estimate for|price parity/i)
      expect(body.source?.name, place).toContain('(metropolitan area estimates)')
    }
  })

  test("Connecticut's cities answer with their metro area through the planning region (OMB 2023), Stamford with Bridgeport-Stamford-Danbury", async () => {
    const stamford = await salary('15-1252', 'united-states/stamford-ct')
    expect(stamford).toMatchObject({
      scope: 'metro',
      area: 'Bridgeport-Stamford-Danbury, CT metro area',
      percentiles: { p50: money(metroRow('14860', '15-1252')?.A_MEDIAN) },
    })
    const meriden = await salary('15-1252', 'united-states/meriden-ct')
    expect(meriden).toMatchObject({
      scope: 'metro',
      area: 'New Haven, CT metro area',
      percentiles: { p50: money(metroRow('35300', '15-1252')?.A_MEDIAN) },
    })
  })

  test('where BLS publishes nothing for the metro area, the state figures, saying so; then the nation', async () => {
    // An occupation the Austin metro file lacks but Texas publishes, found in the source files.
    const inAustin = new Set(metroRows.filter((row) => row.AREA === '12420' && row.A_MEDIAN).map((row) => row.OCC_CODE))
    const texasOnly = stateRows.find(
      (row) => row.AREA_TITLE === 'Texas' && row.A_MEDIAN && !inAustin.has(row.OCC_CODE) && metroRows.some((m) => m.OCC_CODE === row.OCC_CODE),
    )!
    const body = await salary(texasOnly.OCC_CODE!, 'united-states/austin-tx')
    expect(body).toMatchObject({ scope: 'state', area: 'Texas', percentiles: { p50: money(texasOnly.A_MEDIAN) } })
    expect(body.fallback).toBe(
      `BLS publishes no May 2025 median for ${body.occupation.title} in the Austin-Round Rock-San Marcos, TX metro area, so these are the figures for Texas.`,
    )
    // An occupation with no published Texas median: the national figures, saying why.
    const texas = new Set(stateRows.filter((row) => row.AREA_TITLE === 'Texas' && row.A_MEDIAN).map((row) => row.OCC_CODE))
    const nationalOnly = stateRows.find((row) => row.A_MEDIAN && !texas.has(row.OCC_CODE) && !inAustin.has(row.OCC_CODE))!
    const national = await salary(nationalOnly.OCC_CODE!, 'united-states/austin-tx')
    expect(national).toMatchObject({ scope: 'national', area: 'United States', vintage: 'May 2025' })
    expect(national.fallback).toMatch(/in Texas, so these are the national figures\.$/)
  })

  test('a cell BLS suppressed is not published (null), never filled in', async () => {
    const suppressed = metroRows.find((row) => row.AREA!.length === 5 && row.A_MEDIAN && !row.A_PCT90)!
    const metro = (await (
      await getJson(
        suite.app(),
        `/api/locations?kind=metro&country=united-states&page_size=100&q=${encodeURIComponent(suppressed.AREA_TITLE!.split(/[-,]/)[0]!)}`,
      )
    ).json()) as LocationList
    const place = metro.results.find((entry) => `${entry.location}` === `${suppressed.AREA_TITLE} metro area`)!
    const body = await salary(suppressed.OCC_CODE!, `united-states/${place.dashedLocation}`)
    expect(body.scope).toBe('metro')
    expect(body.percentiles.p50).toEqual(money(suppressed.A_MEDIAN))
    expect(body.percentiles.p90).toBeNull()
  })

  test('states are places users can pick and open', async () => {
    const found = (await (await getJson(suite.app(), '/api/locations?q=califor&country=united-states')).json()) as LocationList
    expect(found.results[0]).toMatchObject({ location: 'California', kind: 'state', url: '/united-states/california' })
    const page = await getJson(suite.app(), '/api/locations/united-states/california')
    expect(page.status).toBe(200)
    expect(((await page.json()) as LocationDetail).kind).toBe('state')
  })

  test('the UK: ONS ASHE figures, full-time, through the reviewed occupation table; all employees median £37,430', async () => {
    // international/REPORT.md: ASHE 2024 provisional, table 14.7a, full-time, all employees: median £37,430.
    const all = await salary('00-0000', 'united-kingdom')
    expect(all).toMatchObject({
      currency: 'GBP',
      is_estimate: false,
      scope: 'country',
      area: 'United Kingdom, All employees',
      percentiles: { p10: { value: 22763 }, p50: { value: 37430 }, p90: { value: 72150 } },
    })
    expect(all.source).toMatchObject({
      year: 2024,
      name: expect.stringContaining('Office for National Statistics, Annual Survey of Hours and Earnings 2024'),
    })
    // 2134 Programmers and software development professionals: full-time median £54,669 (REPORT.md).
    const uk = await salary('15-1252', 'united-kingdom')
    expect(uk).toMatchObject({
      area: 'United Kingdom, Programmers and software development professionals',
      percentiles: { p50: { value: 54669 } },
      fallback: null,
    })
    expect(uk.method).toContain(
      'Software Developers is matched to the UK unit group 2134 Programmers and software development professionals by our reviewed table.',
    )
    expect(uk.notes).toContain('Full-time employee jobs only (ONS ASHE): the self-employed are excluded.')
    const manchester = await salary('15-1252', 'united-kingdom/manchester')
    expect(manchester.percentiles.p50?.value).toBe(54669)
    expect(manchester.fallback).toBe("ASHE's pay by detailed occupation covers the UK as a whole: these are UK figures, not Manchester's.")
  })

  test('London: the measured London figures of the occupation group, said to be a group, with the UK figure beside', async () => {
    // REPORT.md: London 2025, SOC 21 (science, engineering and IT professionals) median £62,800; all full-time £49,700.
    const body = await salary('15-1252', 'united-kingdom/london')
    expect(body).toMatchObject({
      scope: 'region',
      currency: 'GBP',
      vintage: '2025 (provisional)',
      percentiles: { p10: { value: 36400 }, p50: { value: 62800 }, p90: { value: 113300 } },
    })
    expect(body.area).toBe('London, Science, research, engineering and technology professionals')
    expect(body.fallback).toContain('ASHE publishes London pay by occupation group, not for Programmers and software development professionals alone')
    expect(body.notes[0]).toBe(
      'UK-wide, Programmers and software development professionals (SOC 2020 2134): median £54,669 a year (ONS ASHE 2024, full-time).',
    )
    expect((await salary('00-0000', 'united-kingdom/london')).percentiles.p50?.value).toBe(49700)
  })

  test('Switzerland and the EU: national pay of the ISCO-08 group, monthly × 12, said to be a group', async () => {
    const snapshot = (country: string) =>
      JSON.parse(gunzipSync(readFileSync(`../shared/data/international/pyretx-scb-statistics/${country}_earnings.json.gz`)).toString()) as {
        stats: Record<string, { total: Record<string, number[]> }>
      }
    // FSO LSE 2024, ICT professionals (ISCO 25): median CHF 9,949 a month (REPORT.md).
    const [median, p10, p25, p75, p90] = snapshot('switzerland').stats['2024']!.total['25']! as [number, number, number, number, number]
    expect(median).toBe(9949)
    const zurich = await salary('15-1252', 'switzerland/zürich')
    expect(zurich).toMatchObject({
      currency: 'CHF',
      scope: 'country',
      vintage: '2024',
      area: 'Switzerland, Information and communications technology professionals',
    })
    expect(zurich.percentiles).toEqual({
      p10: money(String(p10! * 12)),
      p25: money(String(p25! * 12)),
      p50: money(String(median * 12)),
      p75: money(String(p75! * 12)),
      p90: money(String(p90! * 12)),
    })
    expect(zurich.fallback).toContain("not Zürich's")
    expect(zurich.notes[0]).toContain('× 12 for a year')
    // Eurostat SES 2022, Austria, professionals: mean €4,602 a month (REPORT.md); no percentiles published.
    const vienna = await salary('29-1141', 'austria/vienna')
    expect(snapshot('austria').stats['2022']!.total['2']![0]).toBe(4602)
    expect(vienna).toMatchObject({
      currency: 'EUR',
      area: 'Austria, Professionals',
      mean: { value: 4602 * 12 },
      percentiles: { p50: null },
      entry_level: null,
    })
    expect(vienna.source?.name).toBe('Eurostat, Structure of Earnings Survey (earn_ses22_21)')
  })

  test("Canada: Statistics Canada's full-time pay of the NOC group in the city's province, monthly × 12", async () => {
    const snapshot = JSON.parse(gunzipSync(readFileSync('../shared/data/international/pyretx-scb-statistics/canada_wages.json.gz')).toString()) as {
      stats: Record<string, { total: Record<string, number[]> }>
    }
    const [mean, median] = snapshot.stats.ON!.total['030102']! as [number, number]
    const toronto = await salary('15-1252', 'canada/toronto')
    expect(toronto).toMatchObject({
      currency: 'CAD',
      scope: 'region',
      vintage: '2025',
      area: 'Ontario, Professional occupations in applied sciences (except engineering)',
    })
    expect(toronto.percentiles.p50).toEqual({ value: median * 12, top_coded: false })
    expect(toronto.mean).toEqual({ value: mean * 12, top_coded: false })
    expect(toronto.percentiles.p10).toBeNull()
    expect(toronto.fallback).toContain('in Ontario, the province Toronto is in')
    const national = await salary('15-1252', 'canada')
    expect(national.percentiles.p50?.value).toBe(snapshot.stats.CA!.total['030102']![1]! * 12)
  })

  test('Germany: Destatis full-time earnings of the KldB group, national, monthly × 12', async () => {
    const snapshot = JSON.parse(gunzipSync(readFileSync('../shared/data/international/pyretx-scb-statistics/germany_kldb.json.gz')).toString()) as {
      stats: { total: Record<string, number[]> }
    }
    // REPORT.md: IT occupations (KldB 43) mean €6,133, median €5,790 a month.
    expect(snapshot.stats.total['43']).toEqual([6133, 5790])
    const [mean, median] = snapshot.stats.total['434'] as [number, number]
    const berlin = await salary('15-1252', 'germany/berlin')
    expect(berlin).toMatchObject({ currency: 'EUR', scope: 'country', area: 'Germany, Software development and programming', vintage: '2025' })
    expect(berlin.percentiles.p50).toEqual({ value: median * 12, top_coded: false })
    expect(berlin.mean).toEqual({ value: mean * 12, top_coded: false })
    expect(berlin.fallback).toContain("not Berlin's")
    expect(berlin.source?.name).toContain('Destatis')
  })

  test('Australia: ABS mean earnings of the ANZSCO unit group, all employees, national', async () => {
    const snapshot = JSON.parse(gunzipSync(readFileSync('../shared/data/international/pyretx-scb-statistics/australia_eeh.json.gz')).toString()) as {
      stats: { total: Record<string, number[]> }
    }
    const sydney = await salary('29-1141', 'australia/sydney')
    expect(sydney).toMatchObject({
      currency: 'AUD',
      area: 'Australia, Registered nurses',
      vintage: '2025',
      mean: { value: snapshot.stats.total['2544']![0]! * 12 },
      percentiles: { p50: null },
    })
    expect(sydney.notes[0]).toContain('all employees, full- and part-time')
    expect(sydney.fallback).toContain("not Sydney's")
  })

  test("Japan: the MHLW Wage Census mean of the JSCO occupation, national, with Tokyo's all-employee pay beside it", async () => {
    const snapshot = JSON.parse(gunzipSync(readFileSync('../shared/data/international/pyretx-scb-statistics/japan_earnings.json.gz')).toString()) as {
      stats: Record<string, { total: Record<string, number[]> }>
    }
    // REPORT.md: software developers ¥353,700 a month in 2023.
    expect(snapshot.stats['2023']!.total['0211']).toEqual([353700])
    const tokyo = await salary('software engineer', 'japan/tokyo')
    expect(tokyo).toMatchObject({
      currency: 'JPY',
      scope: 'country',
      area: 'Japan, Software developers',
      vintage: '2023',
      mean: { value: 353700 * 12 },
      percentiles: { p50: null },
    })
    expect(tokyo.fallback).toContain(
      "not for Software Developers alone, and for the whole country: these are the national figures of the group Software developers (0211), not Tokyo's",
    )
    expect(tokyo.notes[0]).toContain('overtime and bonuses not included')
    // REPORT.md: Tokyo 2025, all employees, median ¥5,907,000.
    expect(tokyo.notes.join(' ')).toContain('Tokyo, all employees: median JP¥5,907,000')
    expect(tokyo.source?.name).toContain('Basic Survey on Wage Structure')
  })

  test("France: INSEE's net pay of the occupation where it publishes one (said to be net), else Eurostat's gross group mean; Paris's region beside", async () => {
    const insee = csvRecords(
      readFileSync('../shared/data/international/fr-insee/insee-bts-2024-private-net-monthly-eqtp-by-pcs-ese-23occ.csv', 'utf8'),
    )
    const nurses = Number(insee.find((row) => row.pcs_ese === '431F')!.mean_net_monthly_eur_eqtp)
    const nurse = await salary('29-1141', 'france/paris')
    expect(nurse).toMatchObject({
      currency: 'EUR',
      vintage: '2024',
      area: 'France, Infirmiers en soins généraux, salariés (net pay)',
      mean: { value: Math.round(nurses * 12) },
    })
    expect(nurse.fallback).toContain('they are net pay')
    // Eurostat SES 2022 France, professionals (ISCO-08 2): mean €52,400; Île-de-France €51,700 against €40,700 (REPORT.md).
    expect(nurse.notes.join(' ')).toContain('the whole group Professionals, mean €52,400 a year')
    expect(nurse.notes.join(' ')).toContain('Île-de-France, where Paris is, all employees: mean €51,700 a year against €40,700 for France as a whole')
    const developer = await salary('15-1252', 'france/paris')
    expect(developer).toMatchObject({ area: 'France, Professionals', vintage: '2022', mean: { value: 52400 }, percentiles: { p50: null } })
    expect(developer.fallback).toContain("the whole group Professionals (ISCO-08 group 2), not Paris's")
  })

  test('the Netherlands, Spain, Poland, Singapore, Brazil and New Zealand: national pay of the occupation group, said to be a group', async () => {
    const ses = csvRecords(readFileSync('../shared/data/partial-international/eurostat-ses-2022-DE-ES-IT-PL.csv', 'utf8'))
    const sesMean = (geo: string, isco: string) =>
      Number(ses.find((r) => r.geo === geo && r.isco08 === isco && r.sex === 'T' && r.unit === 'NAC')!.value)
    expect(await salary('15-1252', 'netherlands/amsterdam')).toMatchObject({
      currency: 'EUR',
      area: 'Netherlands, Professionals',
      mean: { value: 67800 },
    })
    expect(await salary('15-1252', 'spain/madrid')).toMatchObject({
      currency: 'EUR',
      area: 'Spain, Professionals',
      vintage: '2022',
      mean: { value: sesMean('ES', 'OC2') },
    })
    expect(await salary('53-3032', 'poland')).toMatchObject({
      currency: 'PLN',
      area: 'Poland, Plant and machine operators and assemblers',
      mean: { value: sesMean('PL', 'OC8') },
    })
    const singapore = await salary('15-1252', 'singapore/singapore')
    expect(singapore).toMatchObject({ currency: 'SGD', vintage: '2025', area: 'Singapore, Professionals', percentiles: { p50: null } })
    expect(singapore.fallback).toContain('SSOC 2024 major group 2')
    expect(await salary('29-1141', 'brazil')).toMatchObject({ currency: 'BRL', area: 'Brazil, Professionals', vintage: '2025' })
    const nz = JSON.parse(gunzipSync(readFileSync('../shared/data/international/pyretx-scb-statistics/newzealand_earnings.json.gz')).toString()) as {
      stats: Record<string, { total: Record<string, [number, number]> }>
    }
    const [mean, median] = nz.stats['2025']!.total['2']!
    const auckland = await salary('29-1141', 'new-zealand/auckland')
    expect(auckland).toMatchObject({
      currency: 'NZD',
      area: 'New Zealand, Professionals',
      mean: { value: Math.round(mean * 12) },
      percentiles: { p50: { value: Math.round(median * 12) } },
    })
    expect(auckland.fallback).toContain("not Auckland's")
  })

  test('where no official figure exists, the answer says so plainly, shows no number, and offers the nearest official figure with its scope', async () => {
    const seoul = await salary('software engineer', 'south-korea/seoul')
    expect(seoul).toMatchObject({ currency: 'KRW', annual: null, hourly: null, source: null, sources: [], location: { name: 'Seoul', kind: 'city' } })
    expect(Object.values(seoul.percentiles).every((wage) => wage === null)).toBe(true)
    expect(seoul.fallback).toMatch(
      /^No official pay figure for Software Developers in South Korea is in our tables yet\. The nearest official figures: mean annual pay of all employees in Seoul, ₩57,370,000 a year \(Statistics Korea/,
    )
    expect(seoul.fallback).toContain('We do not convert U.S. pay: a U.S. wage at purchasing power parity is not a local wage.')
    const dubai = await salary('15-1252', 'united-arab-emirates/dubai')
    expect(dubai.annual).toBeNull()
    expect(dubai.fallback).toContain('No official pay figure for Software Developers in the United Arab Emirates is in our tables yet.')
    expect(dubai.fallback).toContain('AED 7,451 a month (ILOSTAT')
    expect(dubai.fallback).toContain('That figure is old')
    const unmapped = await salary('11-9041', 'united-kingdom')
    expect(unmapped.annual).toBeNull()
    expect(unmapped.fallback).toContain('The nearest official figure: all full-time employee jobs in the UK, median £37,430 a year (ONS ASHE 2024).')
    // Network administrators: the crosswalk splits them between ISCO-08 major groups 2 and 3, so no group is chosen.
    const france = await salary('15-1244', 'france')
    expect(france.annual).toBeNull()
    expect(france.fallback).toContain(
      "We have not matched Network and Computer Systems Administrators to an occupation group of France's official pay statistics.",
    )
    expect(france.fallback).toContain('all employees in France, mean €40,700 a year (Eurostat')
  })

  test('occupations outside the reviewed table reach ISCO-08 through the official crosswalks (SOC 2018 → 2010 → ISCO-08)', async () => {
    // BLS ISCO-08 × SOC 2010: 11-9041 Architectural and Engineering Managers → 1223 Research and development managers.
    const paris = await salary('11-9041', 'france/paris')
    expect(paris).toMatchObject({ currency: 'EUR', area: 'France, Managers', mean: { value: 75700 } })
    expect(paris.notes.join(' ')).toContain('matched to ISCO-08 1223 through the official crosswalks')
    // Germany: Destatis for the occupations of the reviewed KldB table, Eurostat SES 2022 by ISCO-08 group for the others.
    const ses = csvRecords(readFileSync('../shared/data/partial-international/eurostat-ses-2022-DE-ES-IT-PL.csv', 'utf8'))
    const managers = Number(ses.find((r) => r.geo === 'DE' && r.isco08 === 'OC1' && r.sex === 'T' && r.unit === 'NAC')!.value)
    expect(await salary('11-9041', 'germany/berlin')).toMatchObject({
      currency: 'EUR',
      area: 'Germany, Managers',
      vintage: '2022',
      mean: { value: managers },
    })
    const swiss = JSON.parse(
      gunzipSync(readFileSync('../shared/data/international/pyretx-scb-statistics/switzerland_earnings.json.gz')).toString(),
    ) as {
      year: number
      stat_cols: string[]
      stats: Record<string, { total: Record<string, number[]> }>
    }
    const median = swiss.stats[String(swiss.year)]!.total['12']![swiss.stat_cols.indexOf('median')]!
    expect(await salary('11-9041', 'switzerland/zürich')).toMatchObject({ currency: 'CHF', percentiles: { p50: { value: median * 12 } } })
  })

  test('no answer for a place outside the U.S. carries a U.S. wage converted as a local wage', async () => {
    const prices = JSON.parse(readFileSync('server/content/datasets/prices.json', 'utf8')) as {
      countries: { code: string; ppp: { value: number } | null }[]
    }
    const pppOf = new Map(prices.countries.map((c) => [c.code, c.ppp?.value]))
    const us = new Map<string, SalaryResult>()
    const places = ((await (await getJson(suite.app(), '/api/locations?page_size=100')).json()) as LocationList).results.filter(
      (p) => p.country.code !== 'US',
    )
    const cities = (await (await getJson(suite.app(), '/api/cities')).json()) as { url: string }[]
    const keys = [
      ...places.map((p) => (p.kind === 'country' ? p.country.slug : `${p.country.slug}/${p.dashedLocation}`)),
      ...cities.map((c) => c.url.slice(1)),
    ]
    expect(keys.length).toBeGreaterThan(50)
    for (const job of ['15-1252', '29-1141', '35-3023', '00-0000']) {
      us.set(job, await salary(job, 'united-states'))
      for (const key of keys.filter((k) => !k.startsWith('united-states'))) {
        const body = await salary(job, key)
        const country = places.find((p) => key === p.country.slug || key.startsWith(`${p.country.slug}/`))?.country.code ?? ''
        const factor = pppOf.get(country)
        const converted = Object.values(us.get(job)!.percentiles).map((w) => (w && factor ? Math.round(w.value * factor) : null))
        for (const wage of Object.values(body.percentiles)) {
          if (wage) expect(converted, `${job} in ${key}`).not.toContain(wage.value)
        }
        expect(body.sources.map((s) => s.name).join(' '), key).not.toMatch(/PPP|World Bank/)
        expect(body.method, key).not.toMatch(/PPP conversion|× .*price parity/)
        if (body.annual) expect(body.source?.name, key).not.toContain('Bureau of Labor Statistics')
      }
    }
  }, 60_000)

  test('an unknown occupation or place is a 404, a missing job a 400', async () => {
    expect((await get('/api/salary?job=dragon-tamer')).status).toBe(404)
    expect((await get('/api/salary?job=15-1252&location=atlantis/nowhere')).status).toBe(404)
    const missing = await get('/api/salary')
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ job: ['Choose an occupation'] })
  })

  test('type-ahead finds occupations by title and by common job title, for guests too', async () => {
    const response = await getJson(suite.app(), '/api/salary/occupations?q=software%20eng')
    const body = (await response.json()) as OccupationMatch[]
    expect(body[0]).toMatchObject({ code: '15-1252', title: 'Software Developers', matched: 'software engineer' })
    const nurses = (await (await getJson(suite.app(), '/api/salary/occupations?q=nurse&limit=3')).json()) as OccupationMatch[]
    expect(nurses.map((o) => o.title)).toEqual(['Registered Nurses', 'Nurse Practitioners', 'Nurse Anesthetists'])
  })

  test('type-ahead finds occupations by alternative titles and with typos', async () => {
    const first = async (q: string) =>
      ((await (await getJson(suite.app(), `/api/salary/occupations?q=${encodeURIComponent(q)}`)).json()) as OccupationMatch[])[0]
    expect(await first('barista')).toMatchObject({ code: '35-3023', matched: 'barista' })
    expect(await first('ux designer')).toMatchObject({ code: '15-1255', title: 'Web and Digital Interface Designers' })
    expect(await first('softwre enginer')).toMatchObject({ code: '15-1252', matched: 'software engineer' })
    expect(await first('regsitered nurse')).toMatchObject({ code: '29-1141' })
    expect(await first('xqzv')).toBeUndefined()
  })
})
