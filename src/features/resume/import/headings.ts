import { cleanText } from './text'

/**
 * Section headings of resumes made by other tools: what a heading's words say the section holds.
 * Whole headings, many languages (English, French, German, Spanish, Italian, Portuguese, Dutch,
 * Polish, Turkish, Chinese, Japanese, Korean), singular and plural. Compared without case or
 * accents ("EĞİTİM", "Educacion", "formação"), with decorations around the words gone ("— Skills —",
 * "01. Experience", "[ Projects ]"), letter-spaced ("S K I L L S") or split by a kerning gap
 * ("EXPERIENC E").
 */

export type SectionKind =
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'languages'
  | 'projects'
  | 'awards'
  | 'certificates'
  | 'publications'
  | 'conferences'
  | 'affiliations'
  | 'interests'
  | 'references'
  | 'links'
  | 'contact'
  | 'other'

/** Whole-heading words, lower case, without accents once compiled. Checked in this order: languages before skills ("Sprachkenntnisse", "Language skills"). */
const headingWords: [SectionKind, RegExp][] = [
  [
    'summary',
    /^(summary|professional summary|career summary|executive summary|profile|professional profile|personal profile|personal statement|about|about me|objective|career objective|overview|introduction|welcome.*|profil|profil professionnel|résumé|à propos|zusammenfassung|kurzprofil|profil und ziele|über mich|perfil|perfil profesional|perfil profissional|resumen|resumo|extracto|sobre mí|sobre mim|objetivo|objetivos|sommario|profilo|profilo professionale|chi sono|obiettivo|podsumowanie|o mnie|profiel|samenvatting|over mij|hakkımda|özet|profil özeti|kariyer hedefi|个人简介|个人总结|自我评价|个人评价|简介|概要|自己紹介|自己pr|職務要約|志望動機|자기소개|life philosophy|my life philosophy)$/,
  ],
  [
    'experience',
    /^((work|professional|relevant|employment|career|industry|research|teaching|volunteer|volunteering|voluntary|on campus|leadership|technical|engineering|other|additional|internship|freelance|consulting|military|selected)\s+(experience|history|involvement)s?|experience|experiences|work experience and internships|employment|work|career|career history|positions|internships?|professional background|expérience|expériences|expérience professionnelle|expériences professionnelles|parcours professionnel|parcours|stages?|berufserfahrung|berufstätigkeit|arbeitserfahrung|berufliche erfahrung|berufliche tätigkeit|berufliche stationen|berufspraxis|praxiserfahrung|praktika|praktikum|beruflicher werdegang|werdegang|experiencia|experiencia laboral|experiencia profesional|experiencias|trayectoria profesional|prácticas|esperienza|esperienze|esperienza lavorativa|esperienze lavorative|esperienza professionale|esperienze professionali|tirocini|experiência|experiências|experiência profissional|experiência profesional|estágios?|doświadczenie|doświadczenie zawodowe|praktyki|werkervaring|ervaring|werkervaringen|deneyim|deneyimler|iş deneyimi|iş deneyimleri|staj|stajlar|staj deneyimi|mesleki deneyim|工作经历|工作经验|实习经历|实习经验|职业经历|实践经历|工作\/实习经历|实习\/工作经历|实习\/项目经历|職歴|職務経歴|職務経歴書|経歴|경력|경력 사항|on campus involvement)$/,
  ],
  [
    'education',
    /^(education|educational background|education and training|education & training|academic background|academic history|academic qualifications|qualifications|studies|schooling|formation|formations|formation académique|diplôme|diplômes|études|cursus|ausbildung|bildung|bildungsweg|schulbildung|schulische ausbildung|studium|akademischer werdegang|hochschulbildung|formación|formación académica|educación|estudios|titulación|istruzione|istruzione e formazione|formazione|titoli di studio|educação|formação|formação académica|formação acadêmica|escolaridade|wykształcenie|edukacja|opleiding|opleidingen|eğitim|eğitim bilgileri|öğrenim|教育背景|教育经历|学历|学歴|学歴・職歴|학력|학력 사항)$/,
  ],
  [
    'languages',
    /^(languages?|language skills|foreign languages|langues|langues étrangères|sprachen|sprachkenntnisse|fremdsprachen|idiomas|lenguas|lingue|lingue straniere|conoscenze linguistiche|competenze linguistiche|línguas|języki|języki obce|talen|talenkennis|diller|yabancı diller|yabancı dil|语言|语言能力|外语|外语能力|言語|語学|어학)$/,
  ],
  [
    'skills',
    /^((technical|core|key|professional|computer|it|hard|soft|relevant|additional|other)\s+)?(skills?|skill set|skillset|competenc(y|ies)|competences?|expertise|technologies|technology|tech stack|strengths|abilities|tools|tools (and|&) technologies)$|^(skills.*|.*\bskills|compétences.*|savoir-faire|outils|.*kenntnisse|fähigkeiten|kompetenzen|it-kenntnisse|stärken|qualifikationen|zusatzqualifikationen|habilidades.*|competencias|conocimientos.*|aptitudes|herramientas|tecnologías|entornos y tecnologías|competenze.*|capacità|conoscenze.*|competências.*|conhecimentos.*|ferramentas|tecnologias|umiejętności|vaardigheden|yetenekler|teknik yetenekler|beceriler|yetkinlikler|teknik beceriler|(it\s*)?技能|专业技能|技术栈|技术能力|专业技术|スキル|技術|テクニカルスキル|보유 기술|기술)$/,
  ],
  [
    'projects',
    /^((personal|selected|academic|side|key|private|open source|research)\s+)?projects?$|^(portfolio|projets|projets personnels|projekte|private projekte|persönliche projekte|proyectos|proyectos personales|progetti|progetti personali|projetos|projetos pessoais|projekty|projecten|projeler|kişisel projeler|项目|项目经验|项目经历|个人项目|プロジェクト|개인 프로젝트|프로젝트)$/,
  ],
  [
    'awards',
    /^(honou?rs?|awards?|honou?rs (and|&) awards|awards (and|&) honou?rs|achievements|accomplishments|distinctions|prix|récompenses|auszeichnungen|preise|premios|reconocimientos|logros|premi|riconoscimenti|prémios|prêmios|nagrody|ödüller|başarılar|获奖|获奖经历|获奖情况|荣誉|荣誉奖项|受賞歴|受賞|수상|수상 경력|most proud of)$/,
  ],
  [
    'certificates',
    /^(certificates?|certifications?|licenses|licences|licen[cs]es (and|&) certifications|certifications (and|&) licen[cs]es|courses|courses (and|&) certifications|training|trainings|zertifikate|zertifizierungen|weiterbildung|weiterbildungen|fortbildungen|kurse|certificados|certificaciones|cursos|certificazioni|corsi|certificações|cursos e certificações|certyfikaty|kursy|sertifikalar|kurslar|证书|资格证书|資格|免許・資格|免許|자격증)$/,
  ],
  [
    'publications',
    /^(publications?|papers|selected publications|publikationen|veröffentlichungen|publicaciones|pubblicazioni|publicações|publikacje|yayınlar|论文|发表论文|論文|研究業績)$/,
  ],
  ['conferences', /^(talks|invited talks|conferences|presentations|speaking|vorträge|conférences|conferencias|conferenze|palestras)$/],
  [
    'affiliations',
    /^(affiliations|memberships|professional affiliations|associations|community|mitgliedschaften|organizations|activities|extracurricular activities|extracurricular|leadership|activités|aktivitäten|actividades|attività|atividades|aktywności|etkinlikler|社团经历|课外活动)$/,
  ],
  [
    'interests',
    /^(interests?|hobbies|hobbies (and|&) interests|interests (and|&) hobbies|interessen|hobbys|freizeit|intérêts|centres d'intérêt|loisirs|intereses|aficiones|interessi|hobby|interesses|zainteresowania|hobbies|ilgi alanları|hobiler|兴趣爱好|爱好|趣味|취미|a day of my life)$/,
  ],
  ['references', /^(references?|referees|referenzen|références|referencias|referenze|referências|referencje|referanslar|推荐人)$/],
  ['links', /^(links|profiles|online|social|social media|websites|online profiles|netzwerke|redes sociales)$/],
  [
    'contact',
    /^(contact|contacts|contact details|contact information|contact info|personal details|personal information|personal data|personal info|kontakt|kontaktdaten|persönliche daten|persönliches|angaben zur person|coordonnées|informations personnelles|état civil|contacto|datos personales|información personal|contatti|dati personali|informazioni personali|contato|contatos|dados pessoais|informações pessoais|dane osobowe|kontakt|persoonlijke gegevens|contactgegevens|iletişim|kişisel bilgiler|iletişim bilgileri|个人信息|联系方式|基本信息|連絡先|個人情報|基本情報|인적 사항|연락처)$/,
  ],
  [
    'other',
    /^(patents|selected honors|miscellaneous|misc|other|others|additional information|extra.*|thesis|master thesis|research|sonstiges|divers|otros|altro|outros|diğer|其他)$/,
  ],
]

/**
 * More whole headings, in the other languages most applicants write in: Russian and Ukrainian,
 * Arabic, Hindi, Bengali, Urdu, Indonesian and Malay, Vietnamese, and traditional Chinese and more
 * Korean forms. Checked after the table above.
 */
const moreHeadingWords: [SectionKind, string[]][] = [
  [
    'summary',
    [
      'о себе',
      'обо мне',
      'профиль',
      'цель',
      'краткая информация',
      'профессиональный профиль',
      'про себе',
      'الملخص',
      'ملخص',
      'نبذة',
      'نبذة عني',
      'الملف الشخصي',
      'الهدف',
      'الهدف الوظيفي',
      'सारांश',
      'परिचय',
      'उद्देश्य',
      'प्रोफ़ाइल',
      'সারসংক্ষেপ',
      'পরিচিতি',
      'خلاصہ',
      'تعارف',
      'ringkasan',
      'tentang saya',
      'profil singkat',
      'tujuan karir',
      'tóm tắt',
      'giới thiệu',
      'giới thiệu bản thân',
      'mục tiêu',
      'mục tiêu nghề nghiệp',
      '自傳',
      '個人簡介',
      '자기소개서',
    ],
  ],
  [
    'experience',
    [
      'опыт работы',
      'опыт',
      'профессиональный опыт',
      'трудовая деятельность',
      'места работы',
      'стажировки',
      'досвід роботи',
      'досвід',
      'الخبرات',
      'الخبرة',
      'الخبرة المهنية',
      'الخبرات العملية',
      'الخبرة العملية',
      'الخبرات المهنية',
      'अनुभव',
      'कार्य अनुभव',
      'व्यावसायिक अनुभव',
      'অভিজ্ঞতা',
      'কর্ম অভিজ্ঞতা',
      'تجربہ',
      'کام کا تجربہ',
      'pengalaman',
      'pengalaman kerja',
      'pengalaman profesional',
      'riwayat pekerjaan',
      'pengalaman organisasi',
      'kinh nghiệm',
      'kinh nghiệm làm việc',
      '工作經歷',
      '工作經驗',
      '經歷',
      '경력사항',
      '경력 사항',
    ],
  ],
  [
    'education',
    [
      'образование',
      'обучение',
      'освіта',
      'التعليم',
      'المؤهلات العلمية',
      'المؤهل العلمي',
      'التحصيل العلمي',
      'शिक्षा',
      'शैक्षिक योग्यता',
      'शैक्षणिक योग्यता',
      'শিক্ষা',
      'শিক্ষাগত যোগ্যতা',
      'تعلیم',
      'تعلیمی قابلیت',
      'pendidikan',
      'riwayat pendidikan',
      'pendidikan formal',
      'học vấn',
      'trình độ học vấn',
      'giáo dục',
      '學歷',
      '教育經歷',
      '학력사항',
    ],
  ],
  [
    'languages',
    [
      'языки',
      'знание языков',
      'владение языками',
      'иностранные языки',
      'мови',
      'اللغات',
      'भाषाएँ',
      'भाषाएं',
      'भाषा ज्ञान',
      'ভাষা',
      'زبانیں',
      'bahasa',
      'kemampuan bahasa',
      'ngoại ngữ',
      'ngôn ngữ',
      '語言',
      '語言能力',
      '외국어',
    ],
  ],
  [
    'skills',
    [
      'навыки',
      'ключевые навыки',
      'профессиональные навыки',
      'технические навыки',
      'компетенции',
      'умения',
      'технологии',
      'навички',
      'المهارات',
      'مهارات',
      'المهارات التقنية',
      'कौशल',
      'तकनीकी कौशल',
      'দক্ষতা',
      'مہارتیں',
      'keahlian',
      'keterampilan',
      'kemampuan',
      'keahlian teknis',
      'kỹ năng',
      'kĩ năng',
      '專業技能',
      '技能專長',
      '기술 스택',
      '보유기술',
    ],
  ],
  [
    'projects',
    ['проекты', 'личные проекты', 'المشاريع', 'परियोजनाएँ', 'परियोजनाएं', 'প্রকল্প', 'proyek', 'projek', 'dự án', '專案', '項目經驗', '프로젝트 경험'],
  ],
  [
    'awards',
    [
      'награды',
      'достижения',
      'الجوائز',
      'الإنجازات',
      'पुरस्कार',
      'उपलब्धियाँ',
      'उपलब्धियां',
      'penghargaan',
      'prestasi',
      'giải thưởng',
      'thành tích',
      '獲獎',
      '수상경력',
    ],
  ],
  [
    'certificates',
    [
      'сертификаты',
      'курсы',
      'повышение квалификации',
      'дополнительное образование',
      'الشهادات',
      'الدورات',
      'الدورات التدريبية',
      'प्रमाणपत्र',
      'sertifikat',
      'sertifikasi',
      'pelatihan',
      'kursus',
      'chứng chỉ',
      '證照',
      '證書',
    ],
  ],
  ['publications', ['публикации', 'المنشورات', 'publikasi']],
  ['interests', ['интересы', 'хобби', 'увлечения', 'الاهتمامات', 'الهوايات', 'रुचियाँ', 'रुचियां', 'शौक', 'minat', 'hobi', 'sở thích', '興趣']],
  ['references', ['рекомендации', 'المراجع', 'referensi', 'người tham chiếu']],
  [
    'contact',
    [
      'контакты',
      'контактная информация',
      'личная информация',
      'личные данные',
      'معلومات الاتصال',
      'البيانات الشخصية',
      'المعلومات الشخصية',
      'संपर्क',
      'व्यक्तिगत विवरण',
      'व्यक्तिगत जानकारी',
      'যোগাযোগ',
      'ব্যক্তিগত তথ্য',
      'رابطہ',
      'ذاتی معلومات',
      'data pribadi',
      'informasi pribadi',
      'data diri',
      'thông tin liên hệ',
      'liên hệ',
      'thông tin cá nhân',
      '聯絡方式',
      '個人資料',
    ],
  ],
  ['other', ['дополнительная информация', 'дополнительно', 'معلومات إضافية', 'informasi tambahan', 'thông tin thêm']],
]

/** Letters without their accents and marks ("eği̇ti̇m" -> "egitim", "formação" -> "formacao", "hakkımda" -> "hakkimda"). */
const bare = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').normalize('NFC')
const patterns: [SectionKind, RegExp, RegExp][] = [
  ...headingWords,
  ...moreHeadingWords.map(([kind, names]): [SectionKind, RegExp] => [kind, new RegExp(`^(${names.join('|')})$`, 'u')]),
].map(([kind, pattern]) => {
  const source = bare(pattern.source)
  // The same words with the spaces between and inside them optional: "workexperience", "experienc e".
  return [kind, new RegExp(source, 'u'), new RegExp(source.replace(/\\s\+| /g, '\\s*'), 'u')]
})

/** Heading text made comparable: "1 教育背景", "S K I L L S", "Experience:", "— Skills —" -> "教育背景", "skills", "experience", "skills". */
export function headingText(text: string): string {
  return bare(
    cleanText(text)
      // Letter-spaced words close up ("S K I L L S", "É D U C A T I O N"), by letter edges in any script.
      .replace(/(?<![\p{L}\p{N}])(\p{L}) (?=\p{L}(?![\p{L}\p{N}]))/gu, '$1')
      .replace(/^[^\p{L}]+|[^\p{L}\p{N})]+$/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase(),
  )
}

export function headingKind(text: string): SectionKind | null {
  const plain = headingText(text)
  if (plain.length === 0 || plain.length > 48) return null
  const found = patterns.find(([, pattern]) => pattern.test(plain))?.[0]
  if (found) return found
  // A word broken by a gap ("EXPERIENC E", "Edu cation"): read again without the spaces.
  if (!plain.split(' ').some((piece) => piece.length <= 2 && /\p{L}/u.test(piece))) return null
  return patterns.find(([, , compact]) => compact.test(plain.replace(/\s+/g, '')))?.[0] ?? null
}

/** A document's title printed above the name ("Curriculum Vitae", "Lebenslauf", "履歴書"): never the person's name. */
export const documentTitle = (text: string) =>
  /^(curriculum vitae|curriculum|cv|resume|resumé|résumé|lebenslauf|tabellarischer lebenslauf|hoja de vida|currículum|currículo|curriculo|özgeçmiş|ozgecmis|życiorys|levensloop|简历|个人简历|履歴書|職務経歴書|이력서)$/.test(
    headingText(text).replace(/\s+/g, ' '),
  )
