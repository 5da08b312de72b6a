import { describe, expect, test } from 'vitest'
import { composeAnswer } from '../../server/services/assistant/builtin.ts'
import { createAssistantTools, siteTools } from '../../server/services/assistant/tools.ts'
import { htmlToText } from '../../server/services/assistant/text.ts'
import { languageOf } from '../../server/services/assistant/understand.ts'
import type { AssistantTools } from '../../server/services/assistant/types.ts'

// A question about a rule of the facts base, asked in another language, is answered in that
// language from the translators' files (server/content/study-facts-i18n/), with the official page.

const tools: AssistantTools = {
  ...createAssistantTools({ library: { snapshot: () => Promise.reject(new Error('no library here')), invalidate() {} }, log: console as never }),
  searchLibrary: async () => ({ articles: [], categories: [] }),
  builders: () => siteTools,
}
const ask = async (question: string, history: { role: 'user' | 'assistant'; text: string }[] = []) => {
  const answer = await composeAnswer(tools, { question, history })
  return { text: htmlToText(answer.text), urls: answer.sources.map((s) => s.url) }
}
const english = /\b(the|you|your|and|hours|week)\b/i

describe('answers in the asker’s language', () => {
  test.each([
    [
      'Wie viele Stunden oder Tage darf ich als Nicht-EU-Student in Deutschland neben dem Studium arbeiten?',
      ['140', '280', 'Tage', 'Quelle'],
      'make-it-in-germany.com',
    ],
    ['Сколько часов в неделю может работать иностранный студент в Канаде?', ['24', 'час', 'Источник'], 'canada.ca'],
    ['オーストラリアの学生ビザで週に何時間働けますか？', ['48', '時間'], 'immi.homeaffairs.gov.au'],
    ['كم ساعة يمكنني العمل في الأسبوع كطالب في كندا؟', ['24'], 'canada.ca'],
    ['כמה שעות בשבוע מותר לי לעבוד כסטודנט בקנדה?', ['24'], 'canada.ca'],
    ['Soy de Colombia y voy a estudiar en Londres. ¿Cuántas horas a la semana puedo trabajar con la visa de estudiante?', ['20', 'horas'], 'gov.uk'],
    [
      'Quante ore a settimana posso lavorare con il permesso di soggiorno per studio in Italia?',
      ['20', '1.040', 'ore'],
      'integrazionemigranti.gov.it',
    ],
    ['スウェーデンで留学生は週に何時間働けますか？', ['40', '時間'], 'studyinsweden.se'],
    ['Combien d’heures un étudiant peut-il travailler à Dubaï ?', ['15', '22', 'vacances'], 'u.ae'],
    // A test's level in Korean ("4급", "몇 점") and a short Vietnamese question ("… là gì vậy ạ?").
    ['TOPIK 3급은 몇 점 받아야 돼요?', ['TOPIK', '300'], 'niied.go.kr'],
    ['Du học sinh ở Úc được làm thêm bao nhiêu giờ vậy ạ?', ['48'], 'immi.homeaffairs.gov.au'],
  ])('%s', async (question, words, host) => {
    const { text, urls } = await ask(question)
    for (const word of words) expect(text).toContain(word)
    expect(text).not.toMatch(english)
    expect(urls.map((url) => new URL(url).host.replace(/^www\./, ''))).toContain(host)
  })

  test('a follow-up in the same language keeps the topic and takes the new country', async () => {
    const { text } = await ask('¿Y en Canadá?', [{ role: 'user', text: '¿Cuántas horas puedo trabajar como estudiante en Alemania?' }])
    expect(text).toContain('24')
    expect(text).not.toMatch(english)
  })

  test('a question the facts base does not hold still gets a word in the asker’s language first', async () => {
    const { text } = await ask('¿Cómo preparo una entrevista de trabajo en inglés?')
    expect(text).toMatch(/^(Por ahora solo puedo responder en inglés|No encontré una respuesta)/)
  })
})

describe('the translators’ files', () => {
  test('every language holds every fact, with as many points as the English and every figure of it', async () => {
    const { packs } = await import('../../server/content/study-facts-i18n/index.ts')
    const { studyFacts } = await import('../../server/services/assistant/facts.ts')
    expect(Object.keys(packs).length).toBeGreaterThanOrEqual(19)
    for (const [language, pack] of Object.entries(packs)) {
      for (const fact of studyFacts) {
        const translated = pack!.facts[fact.id]
        expect(translated, `${language} ${fact.id}`).toBeDefined()
        expect(translated!.points?.length ?? 0, `${language} ${fact.id}`).toBe(fact.points?.length ?? 0)
        // Limits and scores (20 hours, 140 days, 7.0 bands) survive translation; clock times and counts written as words may not.
        for (const figure of fact.answer.match(/\b\d{2,3}\b(?![:.]\d)/g) ?? []) expect(translated!.answer, `${language} ${fact.id}`).toContain(figure)
      }
    }
  })
})

describe('which language a question is in', () => {
  test.each([
    ['Sou brasileiro, engenheiro de software com 5 anos de experiência. Que tipo de permissão eu preciso?', 'pt'],
    ['Je suis étudiant non européen en France, est-ce que je peux faire une alternance ?', 'fr'],
    ['¿Cuántas horas a la semana puedo trabajar con la estancia por estudios?', 'es'],
    ['JLPT thi mấy lần một năm vậy ạ? Em muốn đi làm văn phòng ở Nhật thì cần N mấy?', 'vi'],
    ['Potrzebuję certyfikatu z hiszpańskiego na studia w Hiszpanii. Który jest ważny dłużej?', 'pl'],
    ['Hi, I am Nguyễn Thị Hồng and I want to ask about my resume for a job in Hà Nội', 'en'],
    ['JLPT N2 là gì vậy ạ?', 'vi'],
  ])('%s', (question, language) => {
    expect(languageOf(question)).toBe(language)
  })
})
