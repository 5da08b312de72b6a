import {
  educationLevels,
  experienceLevels,
  gapReasons,
  jobKindLabels,
  jobKinds,
  MAX_SKILLS,
  MAX_STRENGTHS,
  strengthKeys,
  workStyles,
  type CoverLetterData,
} from '~contract/cover-letter.ts'
import { useState } from 'react'
import { Button } from '@/components/button/button'
import { singularTitle } from '../grammar'
import { educationLabels, experienceLabels, gapLabels, strengthLabels, workStyleLabels } from '../model'
import { CheckboxCards, RadioCards, TextArea, TextInput } from './fields'
import { JobTitleSearch } from './job-title-search'
import { builderLayout as layout } from '@/features/documents'
import styles from './cover-letter.module.css'

export type Update = (change: (data: CoverLetterData) => CoverLetterData) => void
type Props = { data: CoverLetterData; update: Update }

const patch =
  <K extends keyof CoverLetterData>(update: Update, key: K) =>
  (value: Partial<CoverLetterData[K]>) =>
    update((d) => ({ ...d, [key]: { ...(d[key] as object), ...value } }))

export function YouStep({ data, update }: Props) {
  const set = patch(update, 'you')
  return (
    <div className={layout.grid}>
      <TextInput label="First name" value={data.you.firstName} onChange={(firstName) => set({ firstName })} autoComplete="given-name" />
      <TextInput label="Last name" value={data.you.lastName} onChange={(lastName) => set({ lastName })} autoComplete="family-name" />
      <TextInput label="Email" type="email" value={data.you.email} onChange={(email) => set({ email })} autoComplete="email" />
      <TextInput label="Phone" type="tel" value={data.you.phone} onChange={(phone) => set({ phone })} autoComplete="tel" />
      <TextInput label="City" value={data.you.city} onChange={(city) => set({ city })} autoComplete="address-level2" />
      <TextInput
        label="Your current title"
        value={data.you.currentTitle}
        onChange={(currentTitle) => set({ currentTitle })}
        hint="Leave empty if you are a student or between jobs."
      />
    </div>
  )
}

export function RecipientStep({ data, update }: Props) {
  const set = patch(update, 'recipient')
  return (
    <div className={layout.grid}>
      <TextInput label="Company" value={data.recipient.company} onChange={(company) => set({ company })} autoComplete="organization" />
      <TextInput
        label="Hiring manager’s name"
        value={data.recipient.name}
        onChange={(name) => set({ name })}
        hint="A name makes the greeting personal; without one it says ‘Dear Hiring Manager’."
      />
      <TextInput label="Their title" value={data.recipient.title} onChange={(title) => set({ title })} />
      <TextInput label="Company address" value={data.recipient.address} onChange={(address) => set({ address })} />
    </div>
  )
}

export function JobStep({ data, update }: Props) {
  const set = patch(update, 'job')
  return (
    <div className={layout.stack}>
      <JobTitleSearch value={data.job.title} onChange={(title, occupation) => set({ title, occupation })} />
      <RadioCards
        legend="Kind of job"
        name="job-kind"
        value={data.job.kind}
        choices={jobKinds.map((k) => ({ value: k, title: jobKindLabels[k] }))}
        onChange={(kind) => set({ kind })}
      />
      <TextInput
        label="Where did you find it? (optional)"
        value={data.job.source}
        onChange={(source) => set({ source })}
        hint="For example LinkedIn, a job fair or the company’s careers page."
      />
    </div>
  )
}

function SkillsInput({ skills, onChange }: { skills: string[]; onChange: (skills: string[]) => void }) {
  const [draft, setDraft] = useState('')
  const add = () => {
    const skill = draft.trim()
    if (skill && !skills.some((s) => s.toLowerCase() === skill.toLowerCase()) && skills.length < MAX_SKILLS) onChange([...skills, skill])
    setDraft('')
  }
  return (
    <div className={layout.stack}>
      <div className={styles.inline}>
        <TextInput
          label={`Skills to stress (up to ${MAX_SKILLS})`}
          value={draft}
          onChange={setDraft}
          disabled={skills.length >= MAX_SKILLS}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim() || skills.length >= MAX_SKILLS}>
          Add skill
        </Button>
      </div>
      {skills.length > 0 ? (
        <ul className={styles.chips} aria-label="Skills">
          {skills.map((skill) => (
            <li key={skill}>
              {skill}
              <button type="button" aria-label={`Remove ${skill}`} onClick={() => onChange(skills.filter((s) => s !== skill))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export function StrengthsStep({ data, update }: Props) {
  return (
    <div className={layout.stack}>
      <CheckboxCards
        legend={`Strengths to stress (up to ${MAX_STRENGTHS})`}
        values={data.strengths}
        max={MAX_STRENGTHS}
        choices={strengthKeys.map((k) => ({ value: k, title: strengthLabels[k] }))}
        onChange={(strengths) => update((d) => ({ ...d, strengths }))}
      />
      <SkillsInput skills={data.skills} onChange={(skills) => update((d) => ({ ...d, skills }))} />
    </div>
  )
}

export function BackgroundStep({ data, update }: Props) {
  const set = patch(update, 'background')
  return (
    <div className={layout.stack}>
      <RadioCards
        legend="Highest education"
        name="education"
        value={data.background.level}
        choices={educationLevels.map((level) => ({ value: level, title: educationLabels[level] }))}
        onChange={(level) => set({ level })}
      />
      <div className={layout.grid}>
        <TextInput label="School, college or university" value={data.background.school} onChange={(school) => set({ school })} />
        <TextInput label="Field of study" value={data.background.field} onChange={(field) => set({ field })} />
      </div>
    </div>
  )
}

/** A hint only: titles with no word in common may be a change of career (the user decides). */
function looksLikeAChange({ you, job, experience }: CoverLetterData): boolean {
  const from = you.currentTitle.trim() || experience.recentTitle.trim()
  if (experience.level === 'none' || experience.careerChange || !from || !job.title.trim()) return false
  const words = (title: string) =>
    new Set(
      singularTitle(title)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 2),
    )
  const theirs = words(job.title)
  return ![...words(from)].some((w) => theirs.has(w))
}

export function ExperienceStep({ data, update }: Props) {
  const set = patch(update, 'experience')
  const { experience } = data
  return (
    <div className={layout.stack}>
      <RadioCards
        legend="Work experience"
        name="experience"
        value={experience.level}
        choices={experienceLevels.map((l) => ({ value: l, ...experienceLabels[l] }))}
        onChange={(level) => set({ level })}
      />
      {experience.level !== 'none' ? (
        <div className={layout.grid}>
          <TextInput
            label="Years of experience"
            type="number"
            min={0}
            max={50}
            inputMode="numeric"
            value={String(experience.years)}
            onChange={(v) => set({ years: Math.max(0, Math.min(50, Math.trunc(Number(v) || 0))) })}
          />
          <TextInput label="Most recent job title" value={experience.recentTitle} onChange={(recentTitle) => set({ recentTitle })} />
          <TextInput label="Most recent employer" value={experience.recentEmployer} onChange={(recentEmployer) => set({ recentEmployer })} />
        </div>
      ) : null}
      {experience.level !== 'none' ? (
        <RadioCards
          legend="Is this job a change of career?"
          name="career-change"
          value={experience.careerChange ? 'change' : 'same'}
          choices={[
            { value: 'same', title: 'No', description: 'It is the line of work I have been in' },
            { value: 'change', title: 'Yes, a change of career', description: 'The letter names the move and what you bring from your last role' },
          ]}
          onChange={(value) => set({ careerChange: value === 'change' })}
        />
      ) : null}
      {looksLikeAChange(data) ? (
        <p className={layout.hint}>
          Your last role ({data.you.currentTitle.trim() || experience.recentTitle.trim()}) and this job ({data.job.title.trim()}) share no words. If
          this is a change of career, say so above and the letter will name the move.
        </p>
      ) : null}
      <TextArea
        label={experience.level === 'none' ? 'A result from your studies or projects: “… I …”' : 'A result you are proud of: “… I …”'}
        value={experience.achievement}
        onChange={(achievement) => set({ achievement })}
        hint="Finish the sentence after “I”, e.g. “cut monthly reporting time by 40%”."
        rows={2}
      />
    </div>
  )
}

export function WorkStyleStep({ data, update }: Props) {
  return (
    <RadioCards
      legend="How do you like to work?"
      name="work-style"
      value={data.workStyle}
      choices={workStyles.map((w) => ({ value: w, ...workStyleLabels[w] }))}
      onChange={(workStyle) => update((d) => ({ ...d, workStyle }))}
    />
  )
}

export function GapStep({ data, update }: Props) {
  const set = patch(update, 'gap')
  return (
    <div className={layout.stack}>
      <RadioCards
        legend="Is there a gap in your career?"
        name="gap"
        value={data.gap.reason}
        choices={gapReasons.map((g) => ({ value: g, ...gapLabels[g] }))}
        onChange={(reason) => set({ reason })}
      />
      {data.gap.reason !== 'none' ? (
        <TextArea
          label="What did you do during that time?"
          value={data.gap.answer}
          onChange={(answer) => set({ answer })}
          hint="Optional, in your own words, e.g. “completed a certificate in project management” or “My father was ill and I cared for him.” The letter keeps your framing."
          rows={2}
        />
      ) : null}
    </div>
  )
}
