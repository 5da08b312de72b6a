import { emptyResumeData, type FontType, type ResumeData, type TemplateName } from '~contract/resume.ts'

/** Names as people type them, one string per script (the PDF tests look for each in the text). */
export const names = {
  polish: 'Łucja Wiśniewska-Nguyễn',
  vietnamese: 'Nguyễn Thị Minh Khai, Đà Nẵng',
  latinExtended: 'Łukasiewicz ń ś ř ş Dvořák Şahin Ærøskøbing Ħamrun Ŋ ǅ Ș Ț ẞ ḍ ƒ ĳ',
  greek: 'Αθηνά Παπαδοπούλου',
  cyrillic: 'Ольга Ковальчук, Київ',
  chinese: '王小明 北京大学',
  japanese: 'やまだ たろう 東京都',
  korean: '김민준 서울대학교',
}

export function scriptResume(template: TemplateName, fontType: FontType): ResumeData {
  const data = emptyResumeData()
  data.heading = {
    ...data.heading,
    firstName: 'Łucja',
    lastName: 'Wiśniewska-Nguyễn',
    jobTitle: 'Inżynier danych',
    city: 'Kraków',
    country: 'Polska',
    email: 'lucja@example.org',
  }
  data.summary = `${names.latinExtended}. ${names.vietnamese}.`
  data.experience = [
    {
      id: 'e1',
      jobTitle: names.greek,
      employer: names.cyrillic,
      city: 'Αθήνα',
      startDate: '2021-03',
      endDate: '',
      current: true,
      description: `- ${names.chinese}\n- ${names.japanese}\n- ${names.korean}`,
    },
  ]
  data.skills = [
    { id: 's1', name: 'Łódź', level: '' },
    { id: 's2', name: 'Ελληνικά', level: '' },
    { id: 's3', name: '日本語', level: '' },
  ]
  data.design = { ...data.design, template, fontType }
  return data
}
