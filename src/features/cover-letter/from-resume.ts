import { emptyCoverLetterData, MAX_SKILLS, type CoverLetterData, type EducationLevel } from '~contract/cover-letter.ts'
import type { ResumeData } from '~contract/resume.ts'

function educationLevel(degree: string): EducationLevel {
  if (/doctor|ph\.?\s?d/i.test(degree)) return 'doctorate'
  if (/master|m\.?sc|m\.?a\b|mba/i.test(degree)) return 'master'
  if (/bachelor|b\.?sc|b\.?a\b|b\.?s\b|licen/i.test(degree)) return 'bachelor'
  if (/associate|college|diploma/i.test(degree)) return 'college'
  if (/high school|secondary|ged/i.test(degree)) return 'high-school'
  if (/vocational|apprentice|certificate/i.test(degree)) return 'vocational'
  return degree.trim() ? 'college' : ''
}

/** A cover letter's answers filled from a resume: who you are, recent role, education, skills, design. */
export function answersFromResume(resume: ResumeData, base: CoverLetterData = emptyCoverLetterData()): CoverLetterData {
  const { heading } = resume
  const job = resume.experience[0]
  const school = resume.education[0]
  return {
    ...base,
    you: {
      firstName: heading.firstName,
      lastName: heading.lastName,
      email: heading.email,
      phone: heading.phone,
      city: heading.city,
      currentTitle: heading.jobTitle,
    },
    skills: resume.skills
      .map((s) => s.name.trim())
      .filter(Boolean)
      .slice(0, MAX_SKILLS),
    background: school ? { level: educationLevel(school.degree), school: school.school, field: school.field } : base.background,
    experience: job
      ? {
          ...base.experience,
          level: base.experience.level === 'none' ? 'entry' : base.experience.level,
          recentTitle: job.jobTitle,
          recentEmployer: job.employer,
        }
      : base.experience,
    design: { ...resume.design, icons: { ...resume.design.icons } },
  }
}
