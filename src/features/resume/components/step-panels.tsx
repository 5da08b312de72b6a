import { Plus, Trash2 } from 'lucide-react'
import {
  additionalSectionKeys,
  languageLevels,
  skillLevels,
  type AdditionalSectionKey,
  type EntryItem,
  type Heading,
  type ResumeData,
} from '~contract/resume.ts'
import { blankEntry, blankItem, newId, sectionTitles } from '../model'
import { DateInput, TextInput, Select } from './inputs'
import { ItemList } from './item-list'
import { RichTextField } from './rich-text-field'
import { builderLayout as layout } from '@/features/documents'
import styles from './builder.module.css'

export type Update = (change: (data: ResumeData) => ResumeData) => void

const headingFields: { key: keyof Heading; label: string; type?: string; autoComplete?: string }[] = [
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { key: 'jobTitle', label: 'Job title', autoComplete: 'organization-title' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'region', label: 'State or region', autoComplete: 'address-level1' },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'website', label: 'Website', type: 'url' },
  { key: 'linkedin', label: 'LinkedIn' },
]

export function HeadingStep({ data, update }: { data: ResumeData; update: Update }) {
  return (
    <div className={layout.grid}>
      {headingFields.map((field) => (
        <TextInput
          key={field.key}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          value={data.heading[field.key] ?? ''}
          onChange={(value) => update((d) => ({ ...d, heading: { ...d.heading, [field.key]: value } }))}
        />
      ))}
    </div>
  )
}

export function SummaryStep({ data, update }: { data: ResumeData; update: Update }) {
  return <RichTextField label="Professional summary" rows={7} value={data.summary} onChange={(summary) => update((d) => ({ ...d, summary }))} />
}

export function ExperienceStep({ data, update }: { data: ResumeData; update: Update }) {
  return (
    <ItemList
      noun="experience"
      items={data.experience}
      onChange={(experience) => update((d) => ({ ...d, experience }))}
      blank={() => blankItem('experience')}
      describe={(job) => [job.jobTitle, job.employer].filter(Boolean).join(' at ')}
      fields={(job, set) => (
        <div className={layout.grid}>
          <TextInput label="Job title" value={job.jobTitle} onChange={(jobTitle) => set({ ...job, jobTitle })} />
          <TextInput label="Employer" value={job.employer} onChange={(employer) => set({ ...job, employer })} />
          <TextInput label="City" value={job.city} onChange={(city) => set({ ...job, city })} />
          <DateInput label="Start date" value={job.startDate} onChange={(startDate) => set({ ...job, startDate })} />
          <DateInput label="End date" value={job.endDate} disabled={job.current} onChange={(endDate) => set({ ...job, endDate })} />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={job.current}
              onChange={(event) => set({ ...job, current: event.target.checked, endDate: event.target.checked ? '' : job.endDate })}
            />
            I work here now
          </label>
          <div className={styles.wide}>
            <RichTextField label="Description" value={job.description} onChange={(description) => set({ ...job, description })} />
          </div>
        </div>
      )}
    />
  )
}

export function EducationStep({ data, update }: { data: ResumeData; update: Update }) {
  return (
    <ItemList
      noun="education"
      items={data.education}
      onChange={(education) => update((d) => ({ ...d, education }))}
      blank={() => blankItem('education')}
      describe={(school) => [school.degree, school.school].filter(Boolean).join(', ')}
      fields={(school, set) => (
        <div className={layout.grid}>
          <TextInput label="School" value={school.school} onChange={(value) => set({ ...school, school: value })} />
          <TextInput label="Degree" value={school.degree} onChange={(degree) => set({ ...school, degree })} />
          <TextInput label="Field of study" value={school.field} onChange={(field) => set({ ...school, field })} />
          <TextInput label="City" value={school.city} onChange={(city) => set({ ...school, city })} />
          <DateInput label="Start date" value={school.startDate} onChange={(startDate) => set({ ...school, startDate })} />
          <DateInput label="End date" value={school.endDate} onChange={(endDate) => set({ ...school, endDate })} />
          <div className={styles.wide}>
            <RichTextField label="Description" value={school.description} onChange={(description) => set({ ...school, description })} />
          </div>
        </div>
      )}
    />
  )
}

export function SkillsStep({ data, update }: { data: ResumeData; update: Update }) {
  return (
    <ItemList
      noun="skill"
      items={data.skills}
      onChange={(skills) => update((d) => ({ ...d, skills }))}
      blank={() => blankItem('skills')}
      describe={(skill) => skill.name}
      fields={(skill, set) => (
        <div className={layout.grid}>
          <TextInput label="Skill" value={skill.name} onChange={(name) => set({ ...skill, name })} />
          <Select label="Level" value={skill.level} options={skillLevels} onChange={(level) => set({ ...skill, level })} />
          <TextInput
            label="Keywords (comma-separated)"
            value={(skill.keywords ?? []).join(', ')}
            onChange={(text) => set({ ...skill, keywords: text ? text.split(',').map((k) => k.trimStart()) : [] })}
          />
        </div>
      )}
    />
  )
}

export function LanguagesStep({ data, update }: { data: ResumeData; update: Update }) {
  return (
    <ItemList
      noun="language"
      items={data.languages}
      onChange={(languages) => update((d) => ({ ...d, languages }))}
      blank={() => blankItem('languages')}
      describe={(language) => language.name}
      fields={(language, set) => (
        <div className={layout.grid}>
          <TextInput label="Language" value={language.name} onChange={(name) => set({ ...language, name })} />
          <Select label="Level" value={language.level} options={languageLevels} onChange={(level) => set({ ...language, level })} />
          <TextInput
            label="Fluency in your words (printed instead of the level)"
            value={language.fluency ?? ''}
            onChange={(fluency) => set({ ...language, fluency })}
          />
        </div>
      )}
    />
  )
}

const entryLabels: Record<AdditionalSectionKey, { noun: string; title: string; subtitle: string }> = {
  conferences: { noun: 'conference', title: 'Talk or conference', subtitle: 'Event or role' },
  portfolio: { noun: 'project', title: 'Project', subtitle: 'What it is' },
  honors: { noun: 'honor', title: 'Award', subtitle: 'Awarded by' },
  affiliations: { noun: 'affiliation', title: 'Organisation', subtitle: 'Role' },
  licenses: { noun: 'license', title: 'License or certificate', subtitle: 'Issued by' },
}

function EntryList({
  noun,
  labels,
  items,
  onChange,
}: {
  noun: string
  labels: { title: string; subtitle: string }
  items: EntryItem[]
  onChange: (items: EntryItem[]) => void
}) {
  return (
    <ItemList
      noun={noun}
      items={items}
      onChange={onChange}
      blank={() => blankEntry()}
      describe={(entry) => entry.title}
      fields={(entry, set) => (
        <div className={layout.grid}>
          <TextInput label={labels.title} value={entry.title} onChange={(title) => set({ ...entry, title })} />
          <TextInput label={labels.subtitle} value={entry.subtitle} onChange={(subtitle) => set({ ...entry, subtitle })} />
          <DateInput label="Date" value={entry.date} onChange={(date) => set({ ...entry, date })} />
          <TextInput label="Link" type="url" value={entry.url} onChange={(url) => set({ ...entry, url })} />
          <div className={styles.wide}>
            <RichTextField label="Description" rows={3} value={entry.description} onChange={(description) => set({ ...entry, description })} />
          </div>
        </div>
      )}
    />
  )
}

export function AdditionalStep({ data, update }: { data: ResumeData; update: Update }) {
  const toggle = (key: AdditionalSectionKey, on: boolean) =>
    update((d) => ({ ...d, additional: on ? [...d.additional.filter((k) => k !== key), key] : d.additional.filter((k) => k !== key) }))
  return (
    <div className={layout.stack}>
      <fieldset className={styles.switches}>
        <legend className={layout.label}>Sections to include</legend>
        {additionalSectionKeys.map((key) => (
          <label key={key} className={styles.check}>
            <input type="checkbox" checked={data.additional.includes(key)} onChange={(event) => toggle(key, event.target.checked)} />
            {sectionTitles[key]}
          </label>
        ))}
      </fieldset>
      {additionalSectionKeys
        .filter((key) => data.additional.includes(key))
        .map((key) => (
          <section key={key} aria-labelledby={`section-${key}`} className={layout.subsection}>
            <h3 id={`section-${key}`} className={layout.subheading}>
              {sectionTitles[key]}
            </h3>
            <EntryList
              noun={entryLabels[key].noun}
              labels={entryLabels[key]}
              items={data[key]}
              onChange={(items) => update((d) => ({ ...d, [key]: items }))}
            />
          </section>
        ))}
      {data.customSections.map((section) => (
        <section key={section.id} aria-label={section.title || 'Custom section'} className={layout.subsection}>
          <div className={styles.customHead}>
            <TextInput
              label="Section title"
              value={section.title}
              onChange={(title) =>
                update((d) => ({ ...d, customSections: d.customSections.map((s) => (s.id === section.id ? { ...s, title } : s)) }))
              }
            />
            <button
              type="button"
              className={styles.iconButton}
              aria-label={`Remove section ${section.title || 'Custom section'}`}
              onClick={() =>
                update((d) => ({
                  ...d,
                  customSections: d.customSections.filter((s) => s.id !== section.id),
                  sectionOrder: d.sectionOrder.filter((k) => k !== `custom:${section.id}`),
                }))
              }
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </div>
          <EntryList
            noun="entry"
            labels={{ title: 'Title', subtitle: 'Subtitle' }}
            items={section.items}
            onChange={(items) => update((d) => ({ ...d, customSections: d.customSections.map((s) => (s.id === section.id ? { ...s, items } : s)) }))}
          />
        </section>
      ))}
      <button
        type="button"
        className={styles.add}
        onClick={() => {
          const id = newId()
          update((d) => ({
            ...d,
            customSections: [...d.customSections, { id, title: 'Custom section', items: [] }],
            sectionOrder: [...d.sectionOrder, `custom:${id}`],
          }))
        }}
      >
        <Plus size={16} aria-hidden="true" /> Add a custom section
      </button>
    </div>
  )
}
