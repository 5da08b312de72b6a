// What the bench and the soak need to write a resume draft the way the builder does: the
// builder's default section order and design (contract/resume.ts, which plain node scripts
// cannot import; the server rejects a draft whose shape drifts from it, so a drift shows).

export const resumeSectionOrder = ['experience', 'education', 'skills', 'languages', 'conferences', 'portfolio', 'honors', 'affiliations', 'licenses']

export const defaultResumeDesign = {
  template: 'cool',
  themeColor: '#1f4e79',
  fontType: 'Default',
  fontSize: 10,
  headingFontSize: 13,
  paragraphSpace: 4,
  lineSpace: 1.3,
  sectionSpace: 14,
  paragraphIndent: 0,
  fontColor: '#1d232c',
  titleColor: '#111827',
  icons: { email: true, phone: true, address: true },
  iconShape: 'circle',
  pageSize: 'A4',
}
