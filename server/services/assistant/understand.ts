/**
 * What a question is, before anything answers it: its language, whether it must be refused or
 * redirected, and the kind of answer it wants (a time, a number, a difference, steps, a draft).
 * Retrieval and composition use the kind to pick the passage that answers, not the one that
 * shares most words.
 */

import type { PayView } from './types.ts'
import { worldGlossary } from './world-words.ts'

export type Language =
  'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'nl' | 'pl' | 'tr' | 'vi' | 'id' | 'ru' | 'uk' | 'ar' | 'he' | 'fa' | 'hi' | 'zh' | 'ja' | 'ko'

/** Common words that show a Latin-script language (several must appear; English is the default). */
const latinMarkers: [Language, RegExp][] = [
  [
    'es',
    /\b(el|la|los|las|de|del|que|para|por|como|cómo|cuánto|cuántas|cuál|qué|puedo|necesito|trabajo|trabajar|sueldo|salario|estudiante|una?|es|en|con|mi|hola|gracias|y|o)\b/gi,
  ],
  [
    'fr',
    /\b(le|la|les|des|du|de|que|pour|comment|combien|quel|quelle|est|je|puis|dois|mon|ma|mes|une?|et|avec|salaire|travail|travailler|étudiant|bonjour|merci|c'est|j'ai)\b/gi,
  ],
  [
    'de',
    /\b(der|die|das|den|dem|ein|eine|und|ist|ich|wie|viel|viele|was|welche|kann|muss|mein|meine|für|mit|nicht|arbeiten|gehalt|lebenslauf|studium|hallo|danke|wann)\b/gi,
  ],
  [
    'pt',
    /\b(o|os|as|do|da|dos|das|que|para|por|como|quanto|quantas|qual|posso|preciso|meu|minha|uma?|é|em|com|na|no|eu|sou|tenho|quero|ainda|fazer|trabalho|trabalhar|salário|estudante|olá|obrigad[oa]|não|você)\b/gi,
  ],
  [
    'it',
    /\b(il|lo|gli|della|del|che|per|come|quanto|quante|quale|posso|devo|mio|mia|una?|è|con|lavoro|lavorare|stipendio|studente|ciao|grazie|non)\b/gi,
  ],
  ['nl', /\b(de|het|een|en|ik|hoe|veel|wat|welke|kan|moet|mijn|voor|met|niet|werken|salaris|student|hallo|bedankt)\b/gi],
  ['pl', /\b(jak|ile|czy|jest|nie|się|mogę|muszę|moje|mój|dla|pracy|pracować|wynagrodzenie|student|dzień dobry|dziękuję|w|z|na)\b/gi],
  ['tr', /\b(ve|bir|bu|ne|nasıl|kaç|için|ile|mı|mi|çalışmak|maaş|öğrenci|merhaba|teşekkürler|ben|benim)\b/gi],
  [
    'vi',
    /\b(tôi|em|anh|chị|bạn|của|và|là|có|không|làm|việc|lương|sinh viên|bao nhiêu|mấy|như thế nào|cho|với|muốn|cần|thì|được|xin chào|cảm ơn)\b/gi,
  ],
  ['id', /\b(saya|yang|dan|di|untuk|dengan|apa|bagaimana|berapa|bisa|tidak|kerja|bekerja|gaji|mahasiswa|halo|terima kasih)\b/gi],
]

const englishMarkers =
  /\b(the|a|an|is|are|i|my|me|to|for|of|in|and|or|how|what|when|which|should|can|do|does|with|about|job|work|interview|resume|cv|salary|university)\b/gi

/** The language a message is written in (English unless another clearly dominates). */
export function languageOf(text: string): Language {
  const letters = text.replace(/[^\p{L}]/gu, '')
  if (letters.length === 0) return 'en'
  const share = (pattern: RegExp) => (letters.match(pattern) ?? []).length / letters.length
  if (share(/[\u3040-\u30ff]/gu) > 0.05) return 'ja'
  if (share(/[\uac00-\ud7af]/gu) > 0.2) return 'ko'
  if (share(/\p{Script=Han}/gu) > 0.2) return 'zh'
  if (share(/\p{Script=Devanagari}/gu) > 0.2) return 'hi'
  if (share(/\p{Script=Hebrew}/gu) > 0.2) return 'he'
  if (share(/\p{Script=Arabic}/gu) > 0.2) return /[پچژگ]/u.test(text) ? 'fa' : 'ar'
  if (share(/\p{Script=Cyrillic}/gu) > 0.2) return /[іїєґ]/iu.test(text) ? 'uk' : 'ru'
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? []
  if (words.length < 3) return 'en'
  const english = (text.match(englishMarkers) ?? []).length
  // Vietnamese letters (ơ, ư, ạ, ế, đ…) are its own: more of them than English words decide (a name like "Nguyễn" does not).
  // ...and so do its everyday words ("là gì vậy ạ?", "có được không"), for a short question with few such letters.
  const vietnamese =
    (text.match(/[ơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/giu) ?? []).length +
    (text.match(/(?<![\p{L}])(là|gì|vậy|không|được|của|những|tôi|mình|bạn|thì|cần|muốn|bao nhiêu|mấy|ạ|nhé|với)(?![\p{L}])/giu) ?? []).length
  if (vietnamese >= 3 && vietnamese > english) return 'vi'
  let best: { language: Language; count: number } = { language: 'en', count: english }
  for (const [language, pattern] of unicodeMarkers()) {
    const count = (text.match(pattern) ?? []).length + (text.match(ownLetters[language] ?? /$^/gu) ?? []).length
    if (count > best.count * 1.2 && count >= Math.max(2, words.length * 0.2)) best = { language, count }
  }
  return best.language
}

/** Letters (and spellings) one Latin-script language uses and its neighbours do not, counted with its words. */
const ownLetters: Partial<Record<Language, RegExp>> = {
  es: /[ñ¿¡]|ción\b/giu,
  pt: /[ãõ]|ção\b|ções\b/giu,
  fr: /[èùœ]|(?<![\p{L}])[cdjlmnst]['’](?=\p{L})|eaux?\b/giu,
  de: /[ßäöü]/giu,
  pl: /[ąęłńśźż]/giu,
  tr: /[ığş]/giu,
}

let markers: [Language, RegExp][] | undefined
/** The markers with word edges that see accented letters (`\b` does not: "você", "não"). */
const unicodeMarkers = () =>
  (markers ??= latinMarkers.map(([language, p]) => [
    language,
    new RegExp(`(?<![\\p{L}])${p.source.replace(/^\\b/, '').replace(/\\b$/, '')}(?![\\p{L}])`, 'giu'),
  ]))

/** A polite word in the asker's language: Waypoint's library and tools speak English. */
export const languageNotes: Record<Exclude<Language, 'en'>, string> = {
  es: 'Por ahora solo puedo responder en inglés, porque la biblioteca de Waypoint está escrita en inglés. Esto es lo que encontré para tu pregunta:',
  fr: 'Pour l’instant, je ne peux répondre qu’en anglais, car la bibliothèque de Waypoint est rédigée en anglais. Voici ce que j’ai trouvé pour votre question :',
  de: 'Ich kann vorerst nur auf Englisch antworten, weil die Bibliothek von Waypoint auf Englisch geschrieben ist. Das habe ich zu Ihrer Frage gefunden:',
  pt: 'Por enquanto só consigo responder em inglês, porque a biblioteca da Waypoint está escrita em inglês. Foi isto que encontrei para a sua pergunta:',
  it: 'Per ora posso rispondere solo in inglese, perché la biblioteca di Waypoint è scritta in inglese. Ecco che cosa ho trovato per la tua domanda:',
  nl: 'Ik kan voorlopig alleen in het Engels antwoorden, omdat de bibliotheek van Waypoint in het Engels is geschreven. Dit vond ik bij je vraag:',
  pl: 'Na razie mogę odpowiadać tylko po angielsku, bo biblioteka Waypoint jest napisana po angielsku. Oto, co znalazłem w odpowiedzi na Twoje pytanie:',
  tr: 'Şimdilik yalnızca İngilizce yanıt verebiliyorum, çünkü Waypoint kütüphanesi İngilizce yazılmıştır. Sorunuz için bulduklarım:',
  vi: 'Hiện tại tôi chỉ có thể trả lời bằng tiếng Anh, vì thư viện của Waypoint được viết bằng tiếng Anh. Đây là những gì tôi tìm thấy cho câu hỏi của bạn:',
  id: 'Untuk saat ini saya hanya bisa menjawab dalam bahasa Inggris, karena perpustakaan Waypoint ditulis dalam bahasa Inggris. Ini yang saya temukan untuk pertanyaan Anda:',
  ru: 'Пока я могу отвечать только по-английски: библиотека Waypoint написана на английском. Вот что я нашёл по вашему вопросу:',
  uk: 'Поки що я можу відповідати лише англійською: бібліотека Waypoint написана англійською. Ось що я знайшов щодо вашого запитання:',
  ar: 'لا أستطيع حالياً الإجابة إلا باللغة الإنجليزية، لأن مكتبة Waypoint مكتوبة بالإنجليزية. هذا ما وجدته عن سؤالك:',
  he: 'בינתיים אני יכול לענות רק באנגלית, כי הספרייה של Waypoint כתובה באנגלית. זה מה שמצאתי לשאלה שלך:',
  fa: 'فعلاً فقط می‌توانم به انگلیسی پاسخ بدهم، چون کتابخانهٔ Waypoint به انگلیسی نوشته شده است. این چیزی است که برای پرسش شما پیدا کردم:',
  hi: 'अभी मैं केवल अंग्रेज़ी में उत्तर दे सकता हूँ, क्योंकि Waypoint की लाइब्रेरी अंग्रेज़ी में लिखी है। आपके प्रश्न के लिए मुझे यह मिला:',
  zh: '目前我只能用英文回答，因为 Waypoint 的资料库是用英文写的。以下是我为你的问题找到的内容：',
  ja: '現在は英語でしかお答えできません。Waypoint のライブラリが英語で書かれているためです。ご質問について見つかった内容は次のとおりです：',
  ko: '지금은 영어로만 답변할 수 있습니다. Waypoint의 자료가 영어로 작성되어 있기 때문입니다. 질문에 대해 찾은 내용은 다음과 같습니다:',
}

/** Said in the asker's language when nothing in English answers either. */
export const languageNothing: Record<Exclude<Language, 'en'>, string> = {
  es: 'No encontré una respuesta en la biblioteca de Waypoint. Puedes escribirme en inglés o visitar la biblioteca.',
  fr: 'Je n’ai pas trouvé de réponse dans la bibliothèque de Waypoint. Vous pouvez m’écrire en anglais ou consulter la bibliothèque.',
  de: 'Ich habe in der Bibliothek von Waypoint keine Antwort gefunden. Sie können mir auf Englisch schreiben oder die Bibliothek durchsuchen.',
  pt: 'Não encontrei uma resposta na biblioteca da Waypoint. Você pode me escrever em inglês ou visitar a biblioteca.',
  it: 'Non ho trovato una risposta nella biblioteca di Waypoint. Puoi scrivermi in inglese o consultare la biblioteca.',
  nl: 'Ik vond geen antwoord in de bibliotheek van Waypoint. Je kunt me in het Engels schrijven of de bibliotheek bekijken.',
  pl: 'Nie znalazłem odpowiedzi w bibliotece Waypoint. Możesz napisać do mnie po angielsku lub przejrzeć bibliotekę.',
  tr: 'Waypoint kütüphanesinde bir yanıt bulamadım. Bana İngilizce yazabilir ya da kütüphaneye göz atabilirsiniz.',
  vi: 'Tôi không tìm thấy câu trả lời trong thư viện của Waypoint. Bạn có thể viết cho tôi bằng tiếng Anh hoặc xem thư viện.',
  id: 'Saya tidak menemukan jawaban di perpustakaan Waypoint. Anda bisa menulis dalam bahasa Inggris atau melihat perpustakaan.',
  ru: 'Я не нашёл ответа в библиотеке Waypoint. Напишите мне по-английски или загляните в библиотеку.',
  uk: 'Я не знайшов відповіді в бібліотеці Waypoint. Напишіть мені англійською або перегляньте бібліотеку.',
  ar: 'لم أجد إجابة في مكتبة Waypoint. يمكنك الكتابة إليّ بالإنجليزية أو تصفّح المكتبة.',
  he: 'לא מצאתי תשובה בספרייה של Waypoint. אפשר לכתוב לי באנגלית או לעיין בספרייה.',
  fa: 'پاسخی در کتابخانهٔ Waypoint پیدا نکردم. می‌توانید به انگلیسی بنویسید یا کتابخانه را ببینید.',
  hi: 'मुझे Waypoint की लाइब्रेरी में इसका उत्तर नहीं मिला। आप मुझे अंग्रेज़ी में लिख सकते हैं या लाइब्रेरी देख सकते हैं।',
  zh: '我在 Waypoint 的资料库里没有找到答案。你可以用英文问我，或者浏览资料库。',
  ja: 'Waypoint のライブラリに答えが見つかりませんでした。英語で質問するか、ライブラリをご覧ください。',
  ko: 'Waypoint 자료에서 답을 찾지 못했습니다. 영어로 질문하시거나 자료실을 살펴보세요.',
}

/**
 * Career words of other languages, in English, so a question in Spanish or German still finds
 * the article or the rule (the answer's text stays English, with a note in the asker's language).
 */
const glossary: [RegExp, string][] = [
  [/\b(curr[ií]cul(um|o)( vitae)?|lebenslauf|cv|hoja de vida)\b/giu, 'resume'],
  [
    /\b(carta de presentaci[oó]n|lettre de motivation|anschreiben|bewerbungsschreiben|carta de apresenta[cç][aã]o|lettera di presentazione|sollicitatiebrief)\b/giu,
    'cover letter',
  ],
  [/\b(entrevistas?|entretiens?( d['’]embauche)?|vorstellungsgespr[aä]ch\w*|colloqui[oa]?|sollicitatiegesprek)\b/giu, 'interview'],
  [/\b(salarios?|sueldos?|salaires?|gehalt|gehälter|sal[aá]rios?|stipendi[oi]|salaris|wynagrodzenie|maaş)\b/giu, 'salary'],
  [/\b(trabajar|travailler|arbeiten|trabalhar|lavorare|werken|pracować)\b/giu, 'work'],
  [/\b(trabajo|empleo|travail|emploi|arbeit|job|trabalho|emprego|lavoro|baan|praca)\b/giu, 'job'],
  [/\b(horas|heures|stunden|ore|uren|godzin)\b/giu, 'hours'],
  [/\b(semana|semaine|woche|settimana|week|tydzień)\b/giu, 'week'],
  [/\b(estudiantes?|[ée]tudiants?|studenten|studentin|student|estudantes?|studenti|studente)\b/giu, 'student'],
  [/\b(visado|visa|visto|visum)\b/giu, 'visa'],
  [/\b(universidad(es)?|universit[ée]s?|universit[aä]t|universidade|universit[àa]|universiteit|uczelnia)\b/giu, 'university'],
  [/\b(pr[aá]cticas|stage|praktikum|est[aá]gio|tirocinio)\b/giu, 'internship'],
  [/\b(beca|bourse|stipendium|bolsa|borsa di studio|beurs)\b/giu, 'scholarship'],
  [/\b(plazo|date limite|frist|prazo|scadenza|deadline)\b/giu, 'deadline'],
  [/\b(Prüfung(en)?|examen(s)?|exámenes|esame|esami|exame(s)?|tests?|toets(en)?)\b/giu, 'test'],
  [/\b(Sprachniveau|nivel de idioma|niveau de langue|livello di lingua|nível de idioma)\b/giu, 'language level'],
  [/\b(brauche|benötige|necesito|necesita|j['’]ai besoin|preciso|ho bisogno|heb nodig)\b/giu, 'need'],
  [/\b(auf Deutsch|en alemán|en allemand|in tedesco|em alemão)\b/giu, 'in German'],
  [/\b(Reino Unido|Royaume-Uni|Vereinigte[sn]? Königreich|Regno Unito|Verenigd Koninkrijk|Inglaterra|Angleterre|England)\b/giu, 'UK'],
  [/\b(Estados Unidos|[ÉE]tats-Unis|Vereinigte[sn]? Staaten|Stati Uniti|EUA|EE\.? ?UU\.?)\b/giu, 'United States'],
  [/\b(Alemania|Allemagne|Deutschland|Alemanha|Germania|Duitsland)\b/giu, 'Germany'],
  [/\b(Francia|Frankreich|França|Frankrijk)\b/giu, 'France'],
  [/\b(Canad[aá]|Kanada)\b/giu, 'Canada'],
  [/\b(Australia|Austr[aá]lia|Australien|Australië)\b/giu, 'Australia'],
  [/\b(Irlanda|Irlande|Irland|Ierland)\b/giu, 'Ireland'],
  [/\b(Pa[ií]ses Bajos|Pays-Bas|Niederlande|Holanda|Paesi Bassi|Nederland)\b/giu, 'Netherlands'],
  [/\b(Jap[oó]n|Japon|Jap[aã]o|Giappone)\b/giu, 'Japan'],
  [/\b(Londres|Londra)\b/giu, 'London'],
  [/\b(Tokio|Tóquio)\b/giu, 'Tokyo'],
  [/\b(cu[aá]ntas?|combien|wie viele?|quant[aeo]s?|hoeveel)\b/giu, 'how many'],
  [/\b(c[oó]mo|comment|wie|come|hoe)\b/giu, 'how'],
  [/\b(cu[aá]ndo|quand|wann|quando|wanneer)\b/giu, 'when'],
  [/\b(puedo|puis-je|je peux|kann ich|posso|kan ik|mogę)\b/giu, 'can I'],
  [/\b(preparar(me)?|pr[ée]parer|vorbereiten|prepararsi|voorbereiden)\b/giu, 'prepare'],
  [/\b(negociar|n[ée]gocier|verhandeln|negoziare|onderhandelen)\b/giu, 'negotiate'],
  [/\b(escribir|[ée]crire|schreiben|escrever|scrivere|schrijven)\b/giu, 'write'],
]

/** The question with the career words of other languages put into English. */
export function glossed(text: string): string {
  let out = text
  // The edge-aware patterns are slow; one without edges first rules most of them out.
  for (const [pattern, english, quick] of glossaryPatterns()) if (quick.test(out)) out = out.replace(pattern, english)
  return out
}

let compiled: [RegExp, string, RegExp][] | undefined
/** The glossary with word edges that see accented letters (`\b` does not: "Canadá"). */
function glossaryPatterns(): [RegExp, string, RegExp][] {
  compiled ??= [
    ...glossary.map(([p, english]): [RegExp, string, RegExp] => [
      new RegExp(p.source.replace(/^\\b/, '(?<![\\p{L}])').replace(/\\b$/, '(?![\\p{L}])'), p.flags),
      english,
      new RegExp(p.source.replace(/^\\b|\\b$/g, ''), p.flags.replace('g', '')),
    ]),
    // Spaced, so a word of a script without spaces ("学生ビザ") becomes English words ("student visa").
    ...worldGlossary().map(([p, english]): [RegExp, string, RegExp] => [p, ` ${english} `, new RegExp(p.source, p.flags.replace('g', ''))]),
  ]
  return compiled
}

export type Safety = 'fraud' | 'injection' | null

const documents = String.raw`(degrees?|diplomas?|certificates?|transcripts?|references?|reference letters?|recommendations?|payslips?|pay ?stubs?|bank statements?|visas?|documents?|ids?|passports?|letters?|grades?|gpa|experience|employment|offer letters?|signatures?|test scores?|scores?|results?|ielts|toefl|copy|copies)`
const faking = String.raw`(forge|forging|forged|fake|faking|faked|fabricat\w*|falsif\w*|counterfeit|photoshop\w*|doctor(ed|ing)?|edit(ed|ing)? (my|the|a))`
const fraud: RegExp[] = [
  new RegExp(
    String.raw`\b${faking}\b[\s\S]{0,80}\b${documents}\b|\b${documents}\b[\s\S]{0,80}\b${faking}\b[\s\S]{0,40}\b(look|looks|looking|real|genuine|official|copy|version)\b`,
    'i',
  ),
  /\b(buy|purchase|get)\b[\s\S]{0,20}\b(a |an )?(fake |real-looking |novelty )?(degree|diploma|certificate|transcript)\b[\s\S]{0,30}\b(online|without (studying|study|attending)|that looks real)\b/i,
  /\b(lie|lying|lied)\b[\s\S]{0,40}\b(visa|immigration|border|status|degree|qualifications?|background check|work permit|hours|sponsorship|grades?|gpa|criminal record)\b/i,
  /\b(pretend|pose|posing|impersonat\w*)\b[\s\S]{0,30}\b(to be|as|that)\b[\s\S]{0,20}\b(my |the |a )?(manager|boss|employer|referee|reference|supervisor|teacher|professor|recruiter|hr|landlord|doctor)\b/i,
  /\b(hide|conceal|cover up|not (mention|disclose|tell)|say no even though|say yes even though|tick no|without (them|anyone|the employer) (knowing|finding out)|will they find out)\b[\s\S]{0,80}\b(visa|sponsorship|status|criminal record|conviction|dismiss\w*|fired|degree|grades?|gpa)\b|\b(visa|sponsorship|status|criminal record|conviction)\b[\s\S]{0,80}\b(hide|conceal|lie|will they find out|without (them|anyone) knowing)\b/i,
  /\b(someone|somebody|a person|proxy|friend)\b[\s\S]{0,30}\b(take|sit|write|do)\b[\s\S]{0,20}\b(my|the)\b[\s\S]{0,10}\b(exam|test|ielts|toefl|gre|gmat|sat|interview|assessment)\b/i,
  /\b(cheat\w*)\b[\s\S]{0,50}\b(exam|test|ielts|toefl|gre|gmat|sat|act|background check|drug test|assessment)\b/i,
  // A claim the asker says is untrue ("he'll confirm i interned there (i didnt)"), or one to make "sound real".
  /\((i (didn'?t|did not|never|wasn'?t|was not)|not true|it'?s not true)\)|\b(cv|resume|résumé|application|linkedin)\b[\s\S]{0,80}\b(sounds?|looks?|seems?) (real|legit|genuine|believable)\b|\b(confirm|vouch|say)\b[\s\S]{0,40}\b(i (worked|interned)|i was)\b[\s\S]{0,60}\b(i (didn'?t|did not|never|wasn'?t))\b/i,
  // A medical or official document written for the asker ("write me a doctor's note so i can skip…").
  /\b(write|make|give|create|generate|draft)\b[\s\S]{0,15}\b(me\s+)?(an?\s+)?(fake\s+)?(doctor'?s'?|doctors|sick|medical|gp)\s+(note|certificate|letter)\b/i,
  /\b(work|working)\b[\s\S]{0,30}\b(off the books|cash in hand|under the table|illegally)\b[\s\S]{0,60}\b(visa|student|immigration|without (them|anyone) knowing)\b|\b(more hours than|over the limit of)\b[\s\S]{0,40}\b(visa|allowed)\b[\s\S]{0,40}\b(without|hide|not get caught|nobody)\b/i,
  /\b(pretend|claim)\b[\s\S]{0,20}\b(i|to) (have|had|worked|graduated|studied)\b[\s\S]{0,60}\b(never|didn'?t|did not|don'?t|do not)\b/i,
  // A false answer the asker hopes goes unnoticed ("if i click no will they even know?", "it's actually 3.2 but nobody checks").
  /\b(click|tick|say|answer|put|write)\s+(no|yes)\b[\s\S]{0,40}\b(will|would|do|can) (they|anyone|it)\b[\s\S]{0,20}\b(know|find out|check|notice|tell)\b|\b(actually|really|in reality)\b[\s\S]{0,40}\b(nobody|no one|they (don'?t|never|won'?t)|won'?t anyone)\s+(checks?|verif\w*|finds? out|knows?|notices?)\b/i,
]

/** The honest way to what a refused request was after, by what it concerned. */
export function honestRoute(text: string): string {
  if (/\b(payslips?|pay ?stubs?|bank statements?|landlord|tenancy|lease)\b/i.test(text))
    return 'Show the income you really have: bank statements, your tax return (or a tax authority summary such as a Notice of Assessment), signed contracts and paid invoices. A landlord who still hesitates will often accept a guarantor, a larger deposit or a few months paid up front.'
  if (/\b(doctor'?s'?|doctors|sick|medical) (note|certificate|letter)\b|\b(shift|day off|time off)\b/i.test(text))
    return 'Ask a colleague to swap the shift, or ask the employer for another interview slot: interviewers move times for candidates who are working more often than you would think. Tell your manager you need the time for an appointment, without detail, or take it as unpaid leave.'
  if (/\b(ds-?160|visa application|visa form|refused|refusal|denied|criminal record|conviction)\b/i.test(text))
    return 'Answer every question on the form truthfully: say yes and give the details asked for. A past refusal or an old conviction is not an automatic bar, and the officer usually already has the record; a false answer is misrepresentation, which can make you ineligible for that visa and for future ones, in some countries permanently.'
  if (/\b(visa|sponsorship|status|work permit|immigration)\b/i.test(text))
    return 'Answer the question truthfully: say you will need sponsorship and when, and what work rights you have now (a post-study permit such as OPT or the Graduate visa). Employers check right to work, and a false answer can cost you the job and future visas. Target employers that sponsor: many list it in their job adverts.'
  if (/\b(reference|referee|manager|boss|supervisor|recommendation)\b/i.test(text))
    return 'Ask someone else who saw your work: another manager, a senior colleague, a client or a tutor. Or ask the old employer\u2019s HR team for a factual reference confirming your dates and role; most give one on request.'
  if (/\b(gpa|grades?|marks)\b/i.test(text) && !/\b(certificate|diploma|lost)\b/i.test(text))
    return 'Give your real GPA, or leave it off: below about 3.0 most resumes simply omit it, and employers who ask for it check transcripts. If your grades in your major or final years are higher, show that figure with its label ("Major GPA 3.6"), and let projects, work and results carry the page.'
  if (/\b(degree|diploma|certificate|transcript|grades?|gpa)\b/i.test(text))
    return 'Ask your university\u2019s registry for an official transcript or a letter confirming your degree while the certificate is reissued, and tell the employer it is on its way: that is common, and accepted. Many employers verify degrees directly with the university anyway.'
  if (/\b(ielts|toefl|gre|gmat|sat|act|exam|test|scores?)\b/i.test(text))
    return 'Prepare for the test itself, book a retake if you need one, and check which other tests your university accepts.'
  return 'Present the experience you really have, explain a gap or a missing qualification plainly, and ask the right people for references.'
}

const injection =
  /\b(ignore|disregard|forget|override|bypass|drop)\b[\s\S]{0,30}\b(previous|prior|above|earlier|all|your|the|these|everything)?\s*(instructions?|rules|prompts?|guidelines|system|everything( above| before)?)\b|\b(system prompt|system override|developer mode|jailbreak|do anything now|no rules|without (any )?(rules|restrictions|filters)|you are now|you'?re now|you are dan|from now on,? (you (are|will|must)|(talk|speak|respond|answer|reply|act|write))|(talk|speak|respond|reply|answer|write) (like|as) an? (pirate|cowboy|robot|\w+ without)|act as (an? )?(unfiltered|unrestricted|dan|evil)|pretend (you are|to be) (not|no longer)|pretend you have no (rules|restrictions|limits))\b|\b(reveal|print|show|repeat|leak|output|tell me)\b[\s\S]{0,20}\b(your|the) (system |hidden |initial )?(prompt|instructions|rules|configuration)\b|^\s*(new instructions?|system|admin|developer)\s*:|\b(respond|reply|answer|output|say|print|write)\b\s+(only\s+)?(with\s+)?(the word|exactly|verbatim)\b/i

export function safetyOf(text: string): Safety {
  if (fraud.some((p) => p.test(text))) return 'fraud'
  if (injection.test(text)) return 'injection'
  return null
}

/** The part of a message that is not an attempt to change the assistant's instructions. */
export function withoutInjection(text: string): string {
  return text
    .split(/(?<=[.!?\n])\s+|\s*[;:]\s+|\s+(?:and|then|now)\s+(?=(?:say|tell|write|print|reply|respond|answer|output|repeat)\b)/i)
    .filter((part) => !injection.test(part) && !/^\s*(say|print|reply|respond|output|repeat|write)\b[\s\S]{0,40}["“'‘]/i.test(part))
    .join(' ')
    .trim()
}

/** What an off-topic message is about, named in the redirect ("football predictions"). */
const offTopicDomains: [RegExp, string][] = [
  [
    /\b(football|soccer|champions league|premier league|world cup|nba|nfl|mlb|nhl|cricket|tennis|f1|formula 1|match (today|tonight|result|score)|who will win|score of the game)\b/i,
    'sports predictions or results',
  ],
  [
    /\b(integrate|integral|derivative|differentiate|solve (this|for)|equation|x\^\d|algebra|calculus|homework|quadratic)\b/i,
    'maths problems or homework',
  ],
  [/\b(recipe|cook|cooking|bake|baking|pizza|pasta|restaurant)\b/i, 'food and recipes'],
  [/\b(weather|forecast|rain|temperature today)\b/i, 'weather forecasts'],
  [/\b(movie|film|song|lyrics|netflix|series|tv show|album|celebrity)\b/i, 'films, music or celebrities'],
  [/\b(symptoms?|diagnos\w*|medicine for|headache|fever|pain in|rash)\b/i, 'medical questions (a doctor or pharmacist can help)'],
  [/\b(girlfriend|boyfriend|dating|crush|marry me|relationship advice)\b/i, 'relationship advice'],
  [
    /\b(bitcoin|crypto|stock tips|forex|lottery|bet|betting|index fund|invest (my|in)|savings into)\b/i,
    'investing or betting tips (a regulated financial adviser can help)',
  ],
  [
    /\b(write|do|finish)\b[\s\S]{0,30}\b(essay|assignment|homework|coursework|report)\b[\s\S]{0,60}\b(class|lesson|module|teacher|due|tmrw|tomorrow|history|biology|chemistry|literature)\b/i,
    'writing homework or class essays (that work has to be your own)',
  ],
]

export const offTopicDomain = (text: string) => offTopicDomains.find(([pattern]) => pattern.test(text))?.[1]

/** Words that show a message is about careers, study, work or moving (the assistant's field). */
export const careerWords =
  /\b(job|jobs|work|working|career\w*|employ\w*|hire|hiring|hired|recruit\w*|intern\w*|apprentic\w*|resumes?|résumés?|cvs?|cover letters?|interview\w*|salar\w*|pay|paid|wages?|earn\w*|offer\w*|promot\w*|boss|manager|colleague\w*|cowork\w*|skills?|linkedin|network\w*|mentor\w*|universit\w*|uni|college|school|degree|masters?|bachelor\w*|phd|mba|study|studying|student\w*|exam\w*|tests?|ielts|toefl|gre|gmat|sat|act|duolingo|scholarship\w*|admission\w*|appl(y|ying|ication\w*)|visa|rent|cost|living|move|moving|relocat\w*|city|country|abroad|portfolio|references?|graduat\w*|freelanc\w*|volunteer\w*|gap|quit|resign\w*|fired|laid off|redundan\w*|negotiat\w*|raise|course|courses|training|certificat\w*|bootcamp|learn\w*|coding|teacher|nurse|engineer|developer|designer|analyst|accountant|lawyer|doctor|personal statement|essay|deadline\w*|weakness\w*|strengths?|hire|hired|boss|answer (this|the|that) question|tell me about yourself)\b/i

export type QuestionKind =
  'when' | 'how-many' | 'how-long' | 'difference' | 'steps' | 'should' | 'which' | 'what-is' | 'draft' | 'ask-interviewer' | null

/** The kind of answer a question wants. */
export function questionKind(text: string): QuestionKind {
  const t = text.toLowerCase()
  if (
    /\b(questions?)\b[\s\S]{0,40}\b(i should|should i|to|can i|i can|do i|could i)\s+ask\b[\s\S]{0,40}\b(interviewer|them|employer|hiring manager|at the end|end of)|\bask (the |my )?(interviewer|hiring manager|employer)\b/.test(
      t,
    )
  )
    return 'ask-interviewer'
  if (
    /\b(write|draft|compose|give me|help me (write|word)|template for|example of|sample)\b[\s\S]{0,40}\b(message|e-?mail|note|dm|inmail|letter|text|post|reply|response|opening|intro\w*)\b/.test(
      t,
    )
  )
    return 'draft'
  if (
    /\b(difference|differ|different from|vs\.?|versus|compared to|or)\b/.test(t) &&
    /\b(difference|differ|vs\.?|versus|which is better|better|what'?s the diff)\b/.test(t)
  )
    return 'difference'
  if (/\bhow long\b|\bhow many (weeks|months|years|days|hours of prep)\b|\bhow much time\b/.test(t)) return 'how-long'
  if (/\b(when|what time|how early|how soon|how far in advance|how late|what month|by when|timeline)\b/.test(t)) return 'when'
  if (/\bhow (many|much)\b|\bwhat (score|percentage|gpa|number)\b|\bhow (high|low)\b/.test(t)) return 'how-many'
  if (
    /\b(how (do|can|should|would) i|how to|steps?|what should i (do|focus on|know|include|prepare|bring|say|ask|learn|put|write|mention|expect)|tips|ways to|best way)\b/.test(
      t,
    )
  )
    return 'steps'
  if (/^\s*(should|shall|is it (worth|ok|okay|bad|better|wise))\b|\bshould i\b/.test(t)) return 'should'
  if (/\b(which|what)\b[\s\S]{0,20}\b(best|better|right|should i (choose|pick|take))\b/.test(t)) return 'which'
  if (/^\s*what('?s| is| are| does)\b/.test(t)) return 'what-is'
  return null
}

/** A sentence that answers a kind of question: a time for "when", a number for "how many/long". */
export function answersKind(kind: QuestionKind, sentence: string, question = ''): boolean {
  return kindPattern(kind, question)?.test(sentence) ?? false
}

const lengthOfText =
  /\b(\d+|one|two|three|four|five|six|ten|a few)\s*(to|-|–|or)?\s*(\d+|two|three|four|five)?\s*(seconds?|minutes?|words?|pages?|lines?|sentences?|paragraphs?)\b/i
const lengthOfTime =
  /\b(\d+|one|two|three|four|five|six|eight|ten|twelve|a few|several|a couple of)\s*(to|-|–|or)?\s*(\d+|two|three|four|six|eight|twelve)?\s*(hours?|days?|weeks?|months?|years?|semesters?|terms?)\b/i
const kindPatterns: Partial<Record<NonNullable<QuestionKind>, RegExp>> = {
  when: /\b(\d+\s*(to|-|–)?\s*\d*\s*(hours?|days?|weeks?|months?|years?)|(one|two|three|four|five|six|a|a few|several|ten|twelve)\s+(hours?|days?|weeks?|months?|years?)\b|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|semester|term|as soon as|within|deadline|(same|next|following) (day|week|morning)|the day (before|after)|in advance|ahead of time|early|earlier|right after|immediately|before you (apply|start|graduate|leave|accept)|by the end of|end of the|start of|beginning of|year (before|ahead)|(first|final|last) year)\b/i,
  'how-long':
    /\b(\d+|one|two|three|four|five|six|eight|ten|twelve|a few|several)\s*(to|-|–)?\s*(\d+|two|three|four|six)?\s*(minutes?|hours?|days?|weeks?|months?|years?|pages?|words?|lines?|seconds?)\b/i,
  'how-many': /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|dozen|half|most|few|several)\b/i,
  difference: /\b(while|whereas|unlike|instead|but|rather than|differ\w*|both|on the other hand|compared|than|vs)\b/i,
}

/** The pattern a sentence matches when it gives what this kind of question wants (null: no such test). */
export function kindPattern(kind: QuestionKind, question = ''): RegExp | null {
  // "How long should my answer be?" wants a length (seconds, words, pages); "how long does it take?" a time.
  if (
    kind === 'how-long' &&
    /\bhow long should (it|my|the|a|an|this)\b|\b(answer|pitch|intro\w*|response|letter|statement|essay|resume|cv|email|message|summary|speech)\b[\s\S]{0,30}\bbe\b/i.test(
      question,
    )
  )
    return lengthOfText
  if (
    kind === 'how-long' &&
    /\b(take|last|need|wait|prepare|study|learn|get)\b/i.test(question) &&
    !/\b(seconds?|minutes?|words?|pages?)\b/i.test(question)
  )
    return lengthOfTime
  return kind ? (kindPatterns[kind] ?? null) : null
}

/** What a pay question wants to see: pay by the hour ("hourly pls", "$/hr"), or where someone starting out lands. */
export function payViewOf(text: string): PayView {
  return {
    hourly: /\b(hourly|an hour|per hour|a hour|per hr|an hr|a hr)\b|\/\s?h(ou)?r\b/i.test(text),
    monthly: /\b(per month|a month|monthly|each month|every month)\b/i.test(text),
    early:
      /\b(new[- ]?grads?|(recent |fresh |new )?graduates?|grad (job|role|offer|scheme|position)|entry[- ]level|junior|first (job|few years|years?|role)|starting( out)?|start(ing)? salary|just (finished|graduated)|finishing my|fresher|switching (my )?major|no experience)\b/i.test(
        text,
      ),
  }
}

/**
 * Advice about pay rather than a pay figure: what to say when a recruiter asks for expectations, whether to
 * share a current salary ("recruiter asked my salary expectations and i froze, what do i say?"). A figure is
 * still asked for when the question says "how much" or names an average, median or going rate.
 */
export function asksAdviceOnPay(text: string): boolean {
  const aboutTalk =
    /\b(salary|pay|compensation|ctc) (expectations?|history|requirements?)\b|\b(expected|desired|current|previous|last) (salary|pay|ctc)\b/i.test(
      text,
    ) ||
    /\bwhat (do|should|would|can) i (say|tell|answer|put|write|reply)\b|\bhow (do|should|can|would) i (answer|respond|reply|handle|bring (it|this|that) up|word)\b/i.test(
      text,
    )
  const figureAsked = /\bhow much\b|\b(average|median|typical|going|market) (salary|pay|rate|wage)\b|\bwhat('s| is| are) (the )?(salary|pay)\b/i.test(
    text,
  )
  return aboutTalk && !figureAsked
}
