import { useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { Button } from '@/components/button/button'
import { BuilderColumns, builderKit as kit, builderLayout as layout, ClearDocument } from '@/features/documents'
import { useDocumentFonts } from '@/lib/use-document-fonts'
import { pageSizesPt } from '@/lib/pdf/page'
import { coverLetterStore, useCoverLetterDrafts, useCurrentCoverLetter } from '../draft-store'
import { latestResume } from '@/features/resume'
import { answersFromResume } from '../from-resume'
import { stepLabel, steps, type StepKey } from '../model'
import { planPrefill, type PrefillPlan } from '../prefill'
import { hasPrefill, type CoverLetterPrefill } from '../prefill-search'
import { AccountSync } from './account-sync'
import { LetterPreview } from './letter-preview'
import { OpenSavedCoverLetter } from './open-saved-cover-letter'
import { LetterStep } from './letter-step'
import { BackgroundStep, ExperienceStep, GapStep, JobStep, RecipientStep, StrengthsStep, WorkStyleStep, YouStep, type Update } from './step-panels'
import styles from './cover-letter.module.css'

const stepIntro: Record<StepKey, string> = {
  you: 'Who you are and how the employer can reach you.',
  recipient: 'Who will read your letter.',
  job: 'The job you are applying for.',
  strengths: 'What you want the reader to remember about you.',
  background: 'Your education, if you want the letter to mention it.',
  experience: 'How much work experience you have, and one result you are proud of.',
  'work-style': 'How you like to work.',
  gap: 'A gap explained in one honest sentence reads better than one left unexplained.',
  letter: 'Your letter, written from your answers. Change anything you like.',
}

/**
 * The builder: a wizard with a breadcrumb of visited steps beside the live letter. `open` is the
 * id of a cover letter saved to the account to open here (`/coverletter?open=`).
 */
export function CoverLetterBuilder({ open, prefill, onPrefilled }: { open?: string; prefill?: CoverLetterPrefill; onPrefilled?: () => void }) {
  // The builder's first render, once the drafts are read, yields to the browser as it goes.
  const status = useDeferredValue(useCoverLetterDrafts((s) => s.status))
  const drafts = useCoverLetterDrafts((s) => s.drafts)
  const draft = useCurrentCoverLetter()
  const store = coverLetterStore()
  const { data } = draft
  const [prefilled, setPrefilled] = useState<string | null>(null)
  // What the link filled in, and the answers it would have changed (kept until the user picks).
  const [linkNote, setLinkNote] = useState<Pick<PrefillPlan, 'filled' | 'conflicts'> | null>(null)
  // The link's answers as the page opened with them (they never change after that).
  const [link] = useState(() => ({ prefill, onPrefilled }))
  // The preview reads the document's fonts from the page: loading more of them draws it again.
  useDocumentFonts(data.design.fontType, data)

  useEffect(() => {
    let live = true
    void store.load().then(async () => {
      // A link with answers (the assistant's cover-letter guidance) fills them in, once.
      if (link.prefill && hasPrefill(link.prefill) && live) {
        // Only answers the letter does not have yet: the user's own answers are never overwritten.
        const plan = planPrefill(store.current().data, link.prefill)
        if (plan.filled.length > 0) store.updateData((d) => planPrefill(d, link.prefill!).data)
        if (plan.filled.length > 0 || plan.conflicts.length > 0) setLinkNote({ filled: plan.filled, conflicts: plan.conflicts })
        link.onPrefilled?.()
      }
      // A letter nobody has touched yet starts from the user's resume, when there is one
      // (not while a letter from the account is being opened in its place).
      const current = store.current()
      if (open || current.dirty || current.serverId || current.data.you.firstName || current.data.you.email) return
      const resume = await latestResume()
      if (!resume || !live) return
      store.updateData((d) => answersFromResume(resume.data, d))
      setPrefilled(resume.title)
    })
    const flush = () => void store.flush()
    window.addEventListener('pagehide', flush)
    return () => {
      live = false
      window.removeEventListener('pagehide', flush)
    }
  }, [store, open, link])

  if (status === 'loading')
    return (
      <p role="status" className={layout.opening}>
        Opening your cover letter…
      </p>
    )

  const update: Update = (change) => store.updateData(change)
  const index = steps.findIndex((s) => s.key === draft.step)
  const panels: Record<StepKey, ReactNode> = {
    you: <YouStep data={data} update={update} />,
    recipient: <RecipientStep data={data} update={update} />,
    job: <JobStep data={data} update={update} />,
    strengths: <StrengthsStep data={data} update={update} />,
    background: <BackgroundStep data={data} update={update} />,
    experience: <ExperienceStep data={data} update={update} />,
    'work-style': <WorkStyleStep data={data} update={update} />,
    gap: <GapStep data={data} update={update} />,
    letter: <LetterStep data={data} update={update} />,
  }
  const visited = steps.filter((s) => data.visited.includes(s.key) || s.key === draft.step)

  return (
    <div className={layout.builder}>
      <div className={layout.bar}>
        {drafts.length > 1 ? (
          <div className={styles.letters}>
            <label className={layout.label} htmlFor="cover-letter-switch">
              Cover letter
            </label>
            <select id="cover-letter-switch" className={layout.input} value={draft.id} onChange={(event) => store.switchTo(event.target.value)}>
              {drafts.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title || 'Untitled cover letter'}
                </option>
              ))}
            </select>
            <Button variant="ghost" onClick={() => store.remove(draft.id)}>
              Delete this cover letter
            </Button>
          </div>
        ) : null}
        <ClearDocument
          noun="cover letter"
          detail="Every answer, edit and design choice goes back to the defaults."
          onClear={() => coverLetterStore().clear()}
        />
        <AccountSync draft={draft} />
      </div>
      <OpenSavedCoverLetter id={open} />

      <nav aria-label="Cover letter steps" className={layout.breadcrumb}>
        <ol>
          {visited.map((step) => (
            <li key={step.key}>
              <button type="button" aria-current={step.key === draft.step ? 'step' : undefined} onClick={() => store.go(step.key)}>
                <span className={layout.stepNumber}>{steps.indexOf(step) + 1}</span>
                {step.label}
              </button>
            </li>
          ))}
        </ol>
        <p className={styles.progress}>
          Step {index + 1} of {steps.length}
        </p>
      </nav>

      <BuilderColumns
        titleId="cover-step-title"
        title={stepLabel(draft.step)}
        intro={stepIntro[draft.step]}
        steps={steps}
        index={index}
        onStep={(key) => store.go(key)}
        pageWidthPt={pageSizesPt[data.design.pageSize].width}
        preview={(zoom) => <LetterPreview data={data} zoom={zoom} />}
      >
        {prefilled && draft.step === 'you' ? (
          <p className={kit.openNotice} role="status">
            We filled in what your resume “{prefilled}” says. Check it and change anything.
          </p>
        ) : null}
        {linkNote && (linkNote.filled.length > 0 || linkNote.conflicts.length > 0) ? (
          <LinkNote
            note={linkNote}
            onUse={(conflict) => {
              store.updateData(conflict.apply)
              setLinkNote((n) => n && { filled: [...n.filled, conflict.label], conflicts: n.conflicts.filter((c) => c !== conflict) })
            }}
            onKeep={(conflict) => setLinkNote((n) => n && { ...n, conflicts: n.conflicts.filter((c) => c !== conflict) })}
            onDismiss={() => setLinkNote(null)}
          />
        ) : null}
        {panels[draft.step]}
      </BuilderColumns>
    </div>
  )
}

/**
 * What a link with answers did: the answers it filled in, and for each answer the letter already
 * had with another value, a choice between keeping it (the default) and the link's.
 */
function LinkNote({
  note,
  onUse,
  onKeep,
  onDismiss,
}: {
  note: Pick<PrefillPlan, 'filled' | 'conflicts'>
  onUse: (c: PrefillPlan['conflicts'][number]) => void
  onKeep: (c: PrefillPlan['conflicts'][number]) => void
  onDismiss: () => void
}) {
  return (
    <section className={kit.openNotice} aria-label="Answers from the link">
      {note.filled.length > 0 ? <p role="status">The link filled in: {note.filled.join(', ')}. Check them and change anything.</p> : null}
      {note.conflicts.map((c) => (
        <p key={c.key}>
          {c.label}: we kept your “{c.current}”; the link suggested “{c.proposed}”.{' '}
          <Button variant="ghost" onClick={() => onUse(c)}>
            Use “{c.proposed}”
          </Button>{' '}
          <Button variant="ghost" onClick={() => onKeep(c)}>
            Keep “{c.current}”
          </Button>
        </p>
      ))}
      <Button variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  )
}
