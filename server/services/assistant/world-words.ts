/**
 * Career and study words of languages the Latin glossary (understand.ts) does not cover, in
 * English, so "मुझे कनाडा में पढ़ाई के दौरान हफ्ते में कितने घंटे काम करने की अनुमति है?" reaches
 * the same rule as its English wording. Country names come from the runtime's own CLDR data
 * (Intl.DisplayNames) in every language the assistant recognises, with the short forms people
 * write ("США", "アメリカ", "ABD").
 */

/** Scripts without spaces between words match inside a run of letters; the others at word edges, any ending allowed where a stem is given. */
// Arabic and Hebrew join short words to the next one ("كطالب" as a student, "בקנדה" in Canada): one such prefix is allowed.
const edge = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{M}])(?:[وفبكل]|ال|[בלהוכמש])?(?:${alternatives})`, 'giu')
const inside = (alternatives: string) => new RegExp(`(?:${alternatives})`, 'gu')

const L = '[\\p{L}\\p{M}]*'

/** Topic words: Russian, Ukrainian, Polish, Turkish, Vietnamese, Indonesian, Hindi, Arabic, Hebrew, Persian (at word edges), Chinese, Japanese, Korean (inside). */
const topics: [RegExp, string][] = [
  // A follow-up that names only a new place ("¿Y en Canadá?", "Et au Canada ?", "А в Канаде?").
  [/^[\s¿¡]*(?:y|et|und|e|en|i|a|и|а|і|та|ve)\s+(?:en|in|au|aux|à|im|in der|em|no|na|nel|w|we|в|во|у|için)(?![\p{L}\p{M}])/iu, 'and in'],
  [edge(`сколько|скільки|ile|kaç|bao nhiêu|mấy|berapa|कितने|कितना|कितनी|كم|כמה|چند|چقدر`), 'how many'],
  [inside('何時間|几个小时|幾個小時|몇 시간'), 'how many hours'],
  [inside('多少|几个|幾個|何|몇'), 'how many'],
  [
    edge(
      `после (окончани${L}|выпуска|учёбы|учебы)|після (закінчення|навчання)|po (studiach|ukończeniu${L})|mezun${L}|sau khi tốt nghiệp|setelah lulus|पूरा करने के बाद|पढ़ाई के बाद|बाद नौकरी|بعد التخرج|אחרי (התואר|הלימודים)|بعد از (فارغ‌التحصیلی|تحصیل)`,
    ),
    'after graduating',
  ],
  [inside('毕业后|畢業後|毕业以后|卒業後|卒業したら|졸업 후|졸업하고|졸업 후에'), 'after graduating'],
  [
    edge(
      `работ${L}|працю${L}|працюва${L}|прац${L}|çalış${L}|làm việc|làm thêm|đi làm|bekerja|kerja|काम|नौकरी|العمل|أعمل|عمل|לעבוד|עבודה|کار کنم|کار`,
    ),
    'work',
  ],
  [inside('打工|兼职|兼職|工作|アルバイト|バイト|働け|働く|働き|仕事|아르바이트|알바|일할|일하|근무|취업'), 'work'],
  [edge(`час(а|ов)?|годин${L}|godzin${L}|saat|giờ|jam|घंटे|घंटा|ساعات|ساعة|שעות|ساعت`), 'hours'],
  [inside('小时|小時|時間|시간'), 'hours'],
  [edge(`недел${L}|тижд${L}|тижн${L}|tydzie${L}|tygodni${L}|hafta${L}|tuần|minggu|हफ्ते|हफ़्ते|सप्ताह|أسبوع${L}|الأسبوع|שבוע|هفته`), 'week'],
  [inside('每周|每週|一周|星期|週|주에|주당|일주일'), 'week'],
  [
    edge(
      `студент${L}|student${L}|öğrenci${L}|sinh viên|du học sinh|du học|mahasiswa|pelajar|छात्र|स्टूडेंट|विद्यार्थी|طالب|الطلاب|طلاب|סטודנט${L}|دانشجو${L}`,
    ),
    'student',
  ],
  [inside('留学生|留学|學生|学生|在学|학생|유학'), 'student'],
  [edge(`учёб${L}|учеб${L}|учиться|навчанн${L}|studi${L}|studiów|okul|học|kuliah|पढ़ाई|अध्ययन|الدراسة|دراسة|לימודים|تحصیل`), 'studies'],
  [inside('读书|上学|在读|学业|勉強|재학'), 'study'],
  [edge(`виз${L}|віз${L}|wiz${L}|vize${L}|thị thực|वीज़ा|वीजा|تأشيرة|فيزا|ויזה|אשרה|ویزا|روادید`), 'visa'],
  [inside('签证|簽證|ビザ|査証|비자'), 'visa'],
  [edge(`разрешени${L}|дозв${L}|pozwoleni${L}|izin${L}|giấy phép|अनुमति|परमिट|تصريح|إذن|היתר|مجوز`), 'permit'],
  [inside('许可|許可|准证|准證|허가'), 'permit'],
  [
    edge(
      `срок${L}|дедлайн${L}|термін${L}|termin${L}|son (başvuru|tarih)${L}|hạn chót|hạn nộp|batas waktu|tenggat|अंतिम तिथि|डेडलाइन|الموعد النهائي|מועד אחרון|مهلت`,
    ),
    'deadline',
  ],
  [inside('截止|締め切り|締切|出願期限|마감'), 'deadline'],
  [
    edge(
      `университет${L}|вуз${L}|університет${L}|uczelni${L}|uniwersytet${L}|üniversite${L}|đại học|universitas|kampus|विश्वविद्यालय|यूनिवर्सिटी|جامعة|الجامعة|אוניברסיטה|دانشگاه`,
    ),
    'university',
  ],
  [inside('大学|大學|대학'), 'university'],
  [edge(`балл${L}|punkt${L}|puan${L}|điểm|skor|स्कोर|अंक|درجة|الدرجة|ציון|نمره`), 'score'],
  [inside('分数|成绩|多少分|点数|スコア|점수|몇 ?점'), 'score'],
  // A level of a Korean test ("4급"): the level word and its number.
  [/(\d)\s?급/gu, 'level $1'],
  [edge(`зарплат${L}|wynagrodz${L}|pensj${L}|maaş${L}|lương|gaji|वेतन|सैलरी|तनख्वाह|راتب|الراتب|משכורת|حقوق`), 'salary'],
  [inside('工资|薪水|薪资|薪資|給料|年収|月給|연봉|월급|급여'), 'salary'],
  [edge(`резюме|życiorys|cv|özgeçmiş|sơ yếu lý lịch|रिज्यूमे|बायोडाटा|السيرة الذاتية|קורות חיים|رزومه`), 'resume'],
  [inside('简历|簡歷|履歴書|レジュメ|이력서'), 'resume'],
  [
    edge(`собеседовани${L}|співбесід${L}|rozmow${L} kwalifikacyjn${L}|mülakat${L}|phỏng vấn|wawancara|इंटरव्यू|साक्षात्कार|مقابلة|ראיון|مصاحبه`),
    'interview',
  ],
  [inside('面试|面試|面接|면접'), 'interview'],
]

/** The English names the facts base knows countries by, by ISO code. */
const countries: Record<string, string> = {
  GB: 'United Kingdom',
  US: 'United States',
  CA: 'Canada',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  IE: 'Ireland',
  NL: 'Netherlands',
  JP: 'Japan',
  ES: 'Spain',
  IT: 'Italy',
  CH: 'Switzerland',
  SG: 'Singapore',
  DK: 'Denmark',
  SE: 'Sweden',
  NZ: 'New Zealand',
  KR: 'South Korea',
  AE: 'United Arab Emirates',
  AT: 'Austria',
  BE: 'Belgium',
  FI: 'Finland',
  NO: 'Norway',
  PL: 'Poland',
  PT: 'Portugal',
  HK: 'Hong Kong',
  CN: 'China',
  IN: 'India',
}

/** Short forms people write that CLDR's names are not. */
const shortForms: [string, string][] = [
  ['США', 'US'],
  ['Америк', 'US'],
  ['Штат', 'US'],
  ['Британи', 'GB'],
  ['Англи', 'GB'],
  ['Великобритани', 'GB'],
  ['ABD', 'US'],
  ['Amerika', 'US'],
  ['İngiltere', 'GB'],
  ['Mỹ', 'US'],
  ['Inggris', 'GB'],
  ['AS', 'US'],
  ['अमेरिका', 'US'],
  ['यूएस', 'US'],
  ['ब्रिटेन', 'GB'],
  ['यूके', 'GB'],
  ['इंग्लैंड', 'GB'],
  ['أمريكا', 'US'],
  ['امريكا', 'US'],
  ['بريطانيا', 'GB'],
  ['دبي', 'AE'],
  ['الإمارات', 'AE'],
  ['ארה"ב', 'US'],
  ['אמריקה', 'US'],
  ['אנגליה', 'GB'],
  ['آمریکا', 'US'],
  ['انگلیس', 'GB'],
  ['美国', 'US'],
  ['美國', 'US'],
  ['英国', 'GB'],
  ['英國', 'GB'],
  ['アメリカ', 'US'],
  ['米国', 'US'],
  ['英国', 'GB'],
  ['イギリス', 'GB'],
  ['미국', 'US'],
  ['영국', 'GB'],
  ['두바이', 'AE'],
  ['UK', 'GB'],
  ['USA', 'US'],
]

/** Languages whose country names take case endings ("в Германии", "w Niemczech", "Almanya'da"): matched by stem. */
const inflected = new Set(['ru', 'uk', 'pl', 'tr', 'fi'])
const spaced = new Set(['ru', 'uk', 'pl', 'tr', 'vi', 'id', 'hi', 'ar', 'he', 'fa'])
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function countryPatterns(): [RegExp, string][] {
  const out: [RegExp, string][] = []
  for (const language of ['ru', 'uk', 'pl', 'tr', 'vi', 'id', 'hi', 'ar', 'he', 'fa', 'zh', 'ja', 'ko']) {
    let names: Intl.DisplayNames
    try {
      names = new Intl.DisplayNames([language], { type: 'region' })
    } catch {
      continue // a runtime without that locale's data: the short forms still match
    }
    for (const [code, english] of Object.entries(countries)) {
      const name = names.of(code)
      if (!name || name === code) continue
      // Stems drop a final vowel or soft sign so case endings still match ("Германия" → "Германи…").
      const stem = inflected.has(language) ? name.replace(/[аяеиыоуьaeiıouy]$/iu, '') : name
      const source = inflected.has(language) ? `${escape(stem)}${L}` : escape(name)
      out.push([spaced.has(language) ? edge(source) : inside(source), english])
    }
  }
  for (const [form, code] of shortForms) {
    const source = /^\p{Script=Latin}/u.test(form) || /^\p{Script=Cyrillic}/u.test(form) ? `${escape(form)}${form.length > 3 ? L : ''}` : escape(form)
    const cased = /^[A-Z]+$/.test(form) // "AS", "UK", "ABD": capitals only, else "as" would be a country
    const pattern = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(form)
      ? inside(source)
      : new RegExp(`(?<![\\p{L}\\p{M}])${source}(?![\\p{L}\\p{M}])`, cased ? 'gu' : 'giu')
    out.push([pattern, countries[code]!])
  }
  return out
}

let all: [RegExp, string][] | undefined
/** Every pattern: countries first (their names hold words like "Соединённые"), then topics. */
export function worldGlossary(): [RegExp, string][] {
  all ??= [...countryPatterns(), ...topics]
  return all
}

/** The ISO code of a country by the English name the facts base uses ("Germany" → "DE"). */
export const countryCode = (english: string) => Object.entries(countries).find(([, name]) => name === english)?.[0]
