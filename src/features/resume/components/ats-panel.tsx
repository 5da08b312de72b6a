import { CircleAlert, CircleCheck, CircleX } from 'lucide-react'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import type { ResumeData } from '~contract/resume.ts'
import { Button } from '@/components/button/button'
import { atsChecks, keywordCoverage, type AtsCheck, type AtsReading } from '../ats'
import { parsePdfResume } from '../import/pdf-import'
import { builderLayout as layout } from '@/features/documents'
import styles from './builder.module.css'

const icons = { pass: CircleCheck, warn: CircleAlert, fail: CircleX } as const
const statusWords = { pass: 'Passed', warn: 'Worth a look', fail: 'Problem' } as const

/** Exports the PDF exactly as a download would, then reads it back as a parser would. */
async function readOwnPdf(data: ResumeData): Promise<AtsReading> {
  const [{ exportPdf }, { readPdf }] = await Promise.all([import('../pdf/export-pdf'), import('../pdf/read-pdf')])
  // The check reads the PDF as it would be; missing glyphs are said at download.
  const bytes = await exportPdf(data, { anyway: true })
  const result = parsePdfResume(await readPdf(bytes))
  if (!result.ok) throw new Error(result.error)
  return { text: result.text, headings: result.headings, fromText: result.fromText }
}

function CheckRow({ check }: { check: AtsCheck }) {
  const Icon = icons[check.status]
  return (
    <li className={styles.atsCheck} data-status={check.status}>
      <Icon size={18} aria-hidden="true" className={styles.atsIcon} />
      <div>
        <p className={styles.atsLabel}>
          {check.label} <span className="visually-hidden">({statusWords[check.status]})</span>
        </p>
        <p className={styles.atsDetail}>{check.detail}</p>
        {check.items && check.items.length > 0 ? (
          <ul className={styles.atsItems}>
            {check.items.slice(0, 8).map((item) => (
              <li key={item}>{item}</li>
            ))}
            {check.items.length > 8 ? <li>…and {check.items.length - 8} more</li> : null}
          </ul>
        ) : null}
      </div>
    </li>
  )
}

function KeywordCoverage({ data }: { data: ResumeData }) {
  const id = useId()
  const [job, setJob] = useState('')
  const deferred = useDeferredValue(job)
  const coverage = useMemo(() => (deferred.trim() ? keywordCoverage(deferred, data) : null), [deferred, data])
  return (
    <div className={layout.stack}>
      <div className={layout.field}>
        <label htmlFor={id} className={layout.label}>
          Job description (optional)
        </label>
        <textarea
          id={id}
          className={layout.textarea}
          rows={5}
          value={job}
          onChange={(event) => setJob(event.target.value)}
          placeholder="Paste the job ad to see which of its requirements your resume covers."
        />
      </div>
      {coverage ? (
        coverage.requirements.length === 0 ? (
          <p className={layout.status}>We found no requirements in that text: paste the part that lists skills and duties.</p>
        ) : (
          <section aria-label="Keyword coverage" className={layout.stack}>
            <p className={styles.atsSummary}>
              Your resume covers {coverage.covered} of {coverage.requirements.length} requirements we found in the job description.
            </p>
            <ul className={styles.atsList}>
              {coverage.requirements.map((requirement) => {
                const found = requirement.found.length > 0
                const Icon = found ? CircleCheck : CircleX
                return (
                  <li key={requirement.term} className={styles.atsCheck} data-status={found ? 'pass' : 'fail'}>
                    <Icon size={18} aria-hidden="true" className={styles.atsIcon} />
                    <div>
                      <p className={styles.atsLabel}>
                        {requirement.term}{' '}
                        <span className={styles.atsMeta}>
                          {requirement.mentions > 1 ? `named ${requirement.mentions}× in the ad · ` : ''}
                          {found ? `found in ${requirement.found.map((place) => place.where).join('; ')}` : 'missing'}
                        </span>
                      </p>
                      {found ? <p className={styles.atsDetail}>“{requirement.found[0]!.excerpt}”</p> : null}
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      ) : null}
    </div>
  )
}

/** The Finalize step's ATS check: our own PDF read back, rule checks, job keyword coverage. */
export function AtsPanel({ data }: { data: ResumeData }) {
  const [state, setState] = useState<
    { status: 'idle' | 'busy' } | { status: 'done'; reading: AtsReading; checked: ResumeData } | { status: 'error'; message: string }
  >({ status: 'idle' })
  const run = async () => {
    setState({ status: 'busy' })
    try {
      setState({ status: 'done', reading: await readOwnPdf(data), checked: data })
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : 'We could not read the PDF back.' })
    }
  }
  const checks = state.status === 'done' ? atsChecks(state.checked, state.reading) : null
  const stale = state.status === 'done' && state.checked !== data
  return (
    <section aria-labelledby="ats-check" className={layout.subsection}>
      <h3 id="ats-check" className={layout.subheading}>
        ATS check
      </h3>
      <p className={layout.hint}>We make your PDF, read it back the way an applicant tracking system does, and check what it gets.</p>
      <div className={layout.actions}>
        <Button variant="secondary" onClick={() => void run()} loading={state.status === 'busy'}>
          {state.status === 'done' ? 'Check again' : 'Check my PDF'}
        </Button>
        {stale ? <span className={layout.status}>You changed the resume since this check.</span> : null}
      </div>
      {state.status === 'error' ? (
        <p role="alert" className={layout.status} data-tone="error">
          {state.message}
        </p>
      ) : null}
      {checks && state.status === 'done' ? (
        <div className={layout.stack} role="region" aria-label="ATS results">
          <p className={styles.atsSummary} role="status">
            {checks.filter((c) => c.status === 'pass').length} of {checks.length} checks passed.
          </p>
          <ul className={styles.atsList}>
            {checks.map((check) => (
              <CheckRow key={check.id} check={check} />
            ))}
          </ul>
          <details className={styles.atsParsed}>
            <summary>What a parser reads from your PDF</summary>
            <pre>{state.reading.text}</pre>
          </details>
        </div>
      ) : null}
      <KeywordCoverage data={data} />
    </section>
  )
}
