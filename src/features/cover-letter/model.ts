import type { EducationLevel, ExperienceLevel, GapReason, StrengthKey, WorkStyle } from '~contract/cover-letter.ts'

/** The wizard's steps in order (spec: step, visitedBradCrumps). */
export const steps = [
  { key: 'you', label: 'You' },
  { key: 'recipient', label: 'Recipient' },
  { key: 'job', label: 'Job' },
  { key: 'strengths', label: 'Strengths' },
  { key: 'background', label: 'Background' },
  { key: 'experience', label: 'Experience' },
  { key: 'work-style', label: 'Work style' },
  { key: 'gap', label: 'Career gap' },
  { key: 'letter', label: 'Letter' },
] as const
export type StepKey = (typeof steps)[number]['key']
export const stepKeys: StepKey[] = steps.map((s) => s.key)
export const stepLabel = (key: StepKey) => steps.find((s) => s.key === key)!.label

export const strengthLabels: Record<StrengthKey, string> = {
  'problem-solving': 'Problem-solving',
  communication: 'Communication',
  teamwork: 'Teamwork',
  leadership: 'Leadership',
  reliability: 'Reliability',
  creativity: 'Creativity',
  'attention-to-detail': 'Attention to detail',
  adaptability: 'Adaptability',
  organisation: 'Organization',
  'customer-focus': 'Customer focus',
  initiative: 'Initiative',
  'analytical-thinking': 'Analytical thinking',
}

export const educationLabels: Record<EducationLevel, string> = {
  '': 'Prefer not to say',
  'high-school': 'High school diploma',
  vocational: 'Vocational qualification',
  college: 'College diploma or associate degree',
  bachelor: 'Bachelor’s degree',
  master: 'Master’s degree',
  doctorate: 'Doctorate',
  'self-taught': 'Self-taught',
}

export const experienceLabels: Record<ExperienceLevel, { title: string; description: string }> = {
  none: { title: 'No work experience yet', description: 'Student, graduate or first job' },
  entry: { title: 'Entry level', description: 'Up to two years' },
  mid: { title: 'Mid level', description: 'Three to seven years' },
  senior: { title: 'Senior', description: 'Eight years or more' },
  lead: { title: 'Manager or lead', description: 'You lead people or projects' },
}

export const workStyleLabels: Record<WorkStyle, { title: string; description: string }> = {
  independent: { title: 'Independent', description: 'You plan your own work and see it through' },
  collaborative: { title: 'Collaborative', description: 'You do your best work with others' },
  structured: { title: 'Structured', description: 'You like clear processes and steady routines' },
  'fast-paced': { title: 'Fast-paced', description: 'You thrive on variety and deadlines' },
  'hands-on': { title: 'Hands-on', description: 'You learn by doing and fix things yourself' },
}

export const gapLabels: Record<GapReason, { title: string; description: string }> = {
  none: { title: 'No gap', description: 'My career has no gap to explain' },
  caregiving: { title: 'Caring for family', description: 'Children, a parent or a relative' },
  study: { title: 'Study or training', description: 'A course, a degree or a certificate' },
  health: { title: 'Health', description: 'Recovering, now ready to work' },
  relocation: { title: 'Relocation', description: 'A move to another city or country' },
  'job-search': { title: 'Looking for work', description: 'Layoff or a long search' },
  travel: { title: 'Travel', description: 'Time abroad or a sabbatical' },
  other: { title: 'Something else', description: 'Personal projects or another reason' },
}
