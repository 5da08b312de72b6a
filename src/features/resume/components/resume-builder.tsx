import { FilePlus2 } from 'lucide-react'
import { useDeferredValue, useEffect, type ReactNode } from 'react'
import { Button } from '@/components/button/button'
import { BuilderColumns, builderLayout as layout, ClearDocument } from '@/features/documents'
import { draftStore, useCurrentDraft, useDrafts } from '../draft-store'
import { useDocumentFonts } from '@/lib/use-document-fonts'
import { steps, type StepKey } from '../model'
import { ResumePreview } from '../templates/resume-preview'
import { pageSizesPt } from '../templates/page-geometry'
import { AccountSync } from './account-sync'
import { FinalizeStep } from './finalize-step'
import { OpenSavedResume } from './open-saved-resume'
import { TextInput } from './inputs'
import { AdditionalStep, EducationStep, ExperienceStep, HeadingStep, LanguagesStep, SkillsStep, SummaryStep, type Update } from './step-panels'
import styles from './builder.module.css'

const stepIntro: Record<StepKey, string> = {
  heading: 'How recruiters reach you. Your e-mail comes first.',
  summary: 'Two or three sentences: who you are, what you are good at, what you want next.',
  experience: 'Most recent first. Lead each bullet with an action verb and a result.',
  education: 'Degrees, schools and what you studied.',
  skills: 'The skills the jobs you want ask for.',
  languages: 'Languages you speak and how well.',
  additional: 'Conferences, portfolio, honors, affiliations, licenses, or a section of your own.',
  finalize: 'Pick a template, fonts and colours, then download or save.',
}

/**
 * The builder: resumes in this browser, steps with a breadcrumb, and the live preview.
 * `open` is the id of a resume saved to the account to open here (`/resume?open=`).
 */
export function ResumeBuilder({ open }: { open?: string }) {
  // The builder's first render, once the drafts are read, yields to the browser as it goes
  // instead of holding it for the whole form and preview (one long task on a phone).
  const status = useDeferredValue(useDrafts((s) => s.status))
  const drafts = useDrafts((s) => s.drafts)
  const draft = useCurrentDraft()
  const store = draftStore()
  const { data } = draft
  const fontTick = useDocumentFonts(data.design.fontType, data)

  useEffect(() => {
    void store.load()
    const flush = () => void store.flush()
    window.addEventListener('pagehide', flush)
    return () => window.removeEventListener('pagehide', flush)
  }, [store])

  if (status === 'loading')
    return (
      <p role="status" className={layout.opening}>
        Opening your resume…
      </p>
    )

  const update: Update = (change) => store.updateData(change)
  const index = steps.findIndex((s) => s.key === draft.step)
  const panels: Record<StepKey, ReactNode> = {
    heading: <HeadingStep data={data} update={update} />,
    summary: <SummaryStep data={data} update={update} />,
    experience: <ExperienceStep data={data} update={update} />,
    education: <EducationStep data={data} update={update} />,
    skills: <SkillsStep data={data} update={update} />,
    languages: <LanguagesStep data={data} update={update} />,
    additional: <AdditionalStep data={data} update={update} />,
    finalize: <FinalizeStep data={data} update={update} />,
  }

  return (
    <div className={layout.builder}>
      <div className={layout.bar}>
        <div className={styles.resumes}>
          <label className={layout.label} htmlFor="resume-switch">
            Resume
          </label>
          <select id="resume-switch" className={layout.input} value={draft.id} onChange={(event) => store.switchTo(event.target.value)}>
            {drafts.map((d) => (
              <option key={d.id} value={d.id}>
                {d.title || 'Untitled resume'}
              </option>
            ))}
          </select>
          <Button variant="ghost" onClick={() => store.addResume()}>
            <FilePlus2 size={16} aria-hidden="true" /> New resume
          </Button>
          {drafts.length > 1 ? (
            <Button variant="ghost" onClick={() => store.removeResume(draft.id)}>
              Delete this resume
            </Button>
          ) : null}
          <ClearDocument noun="resume" detail="Every section and design choice goes back to the defaults." onClear={() => draftStore().clear()} />
        </div>
        <AccountSync draft={draft} />
      </div>
      <OpenSavedResume id={open} />

      <nav aria-label="Resume steps" className={layout.breadcrumb}>
        <ol>
          {steps.map((step, i) => (
            <li key={step.key}>
              <button
                type="button"
                aria-current={step.key === draft.step ? 'step' : undefined}
                data-done={i < index || undefined}
                onClick={() => store.setStep(step.key)}
              >
                <span className={layout.stepNumber}>{i + 1}</span>
                {step.label}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <BuilderColumns
        titleId="step-title"
        title={steps[index]?.label}
        intro={stepIntro[draft.step]}
        steps={steps}
        index={index}
        onStep={(key) => store.setStep(key)}
        pageWidthPt={pageSizesPt[data.design.pageSize].width}
        preview={(zoom) => <ResumePreview data={data} zoom={zoom} fontsLoaded={fontTick} />}
      >
        {draft.step === 'heading' ? <TextInput label="Resume name" value={draft.title} onChange={(title) => store.setTitle(title)} /> : null}
        {panels[draft.step]}
      </BuilderColumns>
    </div>
  )
}
