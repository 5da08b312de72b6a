/**
 * The language of a document's text, for the PDF's /Lang, and the spans in another script,
 * tagged with theirs (PDF 32000 14.9.2: a Span marked-content sequence with a Lang property),
 * so a screen reader reads a Japanese employer in a Polish resume with Japanese rules. Small and
 * synchronous, no dictionary: the script decides where it is one language's own (kana, hangul,
 * Thai...), common words and letters decide between the Latin-script languages.
 */

/** Scripts written by one language, or whose language a detail tells (Ukrainian letters in Cyrillic, Persian in Arabic). */
const scripts: { pattern: RegExp; language: (run: string, document: string) => string }[] = [
  { pattern: /[\p{Script=Hiragana}\p{Script=Katakana}]/u, language: () => 'ja' },
  { pattern: /\p{Script=Hangul}/u, language: () => 'ko' },
  {
    // Kanji alone ("東京大学") is the document's own in a Japanese or Korean one, Chinese elsewhere.
    pattern: /\p{Script=Han}/u,
    language: (run, document) =>
      /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run)
        ? 'ja'
        : /\p{Script=Hangul}/u.test(run)
          ? 'ko'
          : ['ja', 'ko'].includes(document)
            ? document
            : 'zh',
  },
  { pattern: /\p{Script=Cyrillic}/u, language: (run, document) => (/[іїєґ]/iu.test(run) ? 'uk' : document === 'uk' ? 'uk' : 'ru') },
  { pattern: /\p{Script=Greek}/u, language: () => 'el' },
  { pattern: /\p{Script=Arabic}/u, language: (run, document) => (/[پچژگ]/u.test(run) ? 'fa' : document === 'fa' ? 'fa' : 'ar') },
  { pattern: /\p{Script=Hebrew}/u, language: () => 'he' },
  { pattern: /\p{Script=Devanagari}/u, language: () => 'hi' },
  { pattern: /\p{Script=Bengali}/u, language: () => 'bn' },
  { pattern: /\p{Script=Thai}/u, language: () => 'th' },
  { pattern: /\p{Script=Tamil}/u, language: () => 'ta' },
]
/** The languages of `scripts`: a document in one of them writes its Latin words in another language. */
const scriptLanguages = new Set(['ja', 'ko', 'zh', 'ru', 'uk', 'el', 'ar', 'fa', 'he', 'hi', 'bn', 'th', 'ta'])
/** Han, kana and hangul are one run: a Japanese name in kanji is Japanese when kana are near. */
const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/** Words a resume or letter in each Latin-script language is full of, and letters only it uses. */
const latin: [string, RegExp, RegExp | null][] = [
  ['en', /^(and|the|of|for|with|to|in|on|at|by|from|as|my|i|a|an|is|are|was|team|work|experience|skills|education)$/, null],
  ['pl', /^(i|w|z|na|do|oraz|dla|się|jest|od|po|przy|pracy|zespół|zespołu|doświadczenie|umiejętności|wykształcenie)$/, /[ąęłńśźżć]/],
  ['de', /^(und|der|die|das|für|mit|bei|im|von|zu|den|ein|eine|als|auf|berufserfahrung|kenntnisse|ausbildung)$/, /[äöüß]/],
  ['fr', /^(et|de|des|le|la|les|du|pour|avec|en|au|aux|un|une|dans|sur|expérience|compétences|formation)$/, /[èêàçœù]/],
  ['es', /^(y|de|del|el|la|los|las|para|con|en|un|una|por|como|experiencia|habilidades|formación|educación)$/, /[ñ¿¡]/],
  ['pt', /^(e|de|do|da|dos|das|para|com|em|um|uma|no|na|por|experiência|competências|formação)$/, /[ãõ]/],
  ['it', /^(e|di|del|della|il|per|con|in|un|una|nel|nella|esperienza|competenze|formazione)$/, null],
  ['nl', /^(en|de|het|van|voor|met|in|een|bij|op|werkervaring|vaardigheden|opleiding)$/, /ĳ/],
  ['cs', /^(a|v|na|s|pro|se|ve|z|do|jako|zkušenosti|dovednosti|vzdělání)$/, /[ěščřžůň]/],
  ['tr', /^(ve|bir|için|ile|olarak|deneyim|beceriler|eğitim)$/, /[ığş]/],
  ['vi', /^(và|của|cho|với|tại|là|kinh|nghiệm|kỹ|năng)$/, /[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/],
]

function latinLanguage(text: string): string {
  // Addresses, handles and file names ("qiita.com/hanako_s") are no language's words.
  const words =
    text
      .toLowerCase()
      .replace(/\S*[@/_.:]\S*/g, ' ')
      .match(/\p{L}+/gu) ?? []
  let best = { language: 'en', score: 0 }
  for (const [language, marker, letters] of latin) {
    let score = 0
    for (const word of words) {
      if (marker.test(word)) score += 1
      if (letters?.test(word)) score += 1
    }
    if (language === 'en') best = { language, score }
    else if (score > best.score * 1.2 && score >= 2) best = { language, score }
  }
  return best.language
}

type Script = (typeof scripts)[number]
const scriptOf = (char: string): Script | undefined => scripts.find((s) => s.pattern.test(char))
/** A letter of a script that tells a language (the kana's long-vowel mark "ー" is common to two and tells none). */
const letterPattern =
  /[\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Thai}\p{Script=Tamil}]/u

/** The language most of `text` is written in (a BCP 47 primary tag); English when nothing says otherwise. */
export function documentLanguage(text: string): string {
  const counts = new Map<Script | 'latin', number>()
  let letters = 0
  for (const char of text) {
    if (!letterPattern.test(char)) continue
    letters += 1
    const script = scriptOf(char) ?? 'latin'
    counts.set(script, (counts.get(script) ?? 0) + 1)
  }
  const [top] = [...counts.entries()].filter((entry): entry is [Script, number] => entry[0] !== 'latin').sort((a, b) => b[1] - a[1])
  // A resume in Japanese still has Latin e-mail addresses, tools and names: a third of the letters decides.
  if (top && top[1] >= letters * 0.3) return top[0].language(text, '')
  return latinLanguage([...text].filter((char) => !scriptOf(char)).join(''))
}

export type LanguageRun = { text: string; language: string | null }

/**
 * `text` cut into runs: `language` null where it is the document's, else the run's own (a
 * Japanese employer in a Polish resume, a Latin-script tool in a Japanese one). Spaces and
 * punctuation between two runs belong to the document.
 */
export function languageRuns(text: string, document: string, latinText = 'en'): LanguageRun[] {
  const runs: LanguageRun[] = []
  let pending = ''
  const push = (piece: string, language: string | null) => {
    const last = runs.at(-1)
    if (last && last.language === language) last.text += piece
    else runs.push({ text: piece, language })
  }
  // Each letter's language, a CJK or other script's taken from its whole run of that script.
  const chars = [...text]
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!
    if (!letterPattern.test(char) && !/\p{M}/u.test(char)) {
      pending += char
      continue
    }
    const script = scriptOf(char)
    let word = char
    while (i + 1 < chars.length && (/\p{M}/u.test(chars[i + 1]!) || (letterPattern.test(chars[i + 1]!) && sameScript(chars[i + 1]!, script)))) {
      i += 1
      word += chars[i]
    }
    // A Latin-script word is the document's in a Latin-script document.
    const own = script ? script.language(word, document) : scriptLanguages.has(document) ? latinText : document
    const language = own === document ? null : own
    if (pending) {
      push(pending, runs.at(-1)?.language === language ? language : null)
      pending = ''
    }
    push(word, language)
  }
  if (pending) push(pending, null)
  return runs
}

function sameScript(char: string, script: Script | undefined): boolean {
  const other = scriptOf(char)
  if (script && other && cjk.test(char) && scripts.slice(0, 3).includes(script)) return scripts.slice(0, 3).includes(other)
  return other === script
}

/** A document's languages: its own, and the one its Latin-script words are in (for a Latin span in another script's document). */
export function languagesOf(text: string): { document: string; latin: string } {
  return { document: documentLanguage(text), latin: latinLanguage([...text].filter((char) => !scriptOf(char)).join('')) }
}
