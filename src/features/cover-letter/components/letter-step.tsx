import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { polishMessages } from '~contract/cover-letter-polish.ts'
import { letterParts, type CoverLetterData, type LetterPart } from '~contract/cover-letter.ts'
import { fontTypes, pageSizes, templateNames, type Design } from '~contract/resume.ts'
import { Button } from '@/components/button/button'
import { builderLayout as layout, UnsupportedText } from '@/features/documents'
import { unsupportedCharacters, UnwritableCharacters, type Unsupported } from '~pdf-engine/scripts.ts'
import { letterDrawnText } from '../pdf/letter-text'
import { useAuth } from '@/features/auth'
import { ApiError } from '@/lib/api-client'
import { polishAvailabilityQueryOptions, polishPart } from '../api/polish'
import { composeLetter, letterPlainText, partText } from '../compose'
import { latestResume } from '@/features/resume'
import { answersFromResume } from '../from-resume'
import { polishFacts } from '../polish'
import { TextArea } from './fields'
import type { Update } from './step-panels'
import { documentFileName, saveContent } from '@/lib/save-file'
import styles from './cover-letter.module.css'

const partLabels: Record<LetterPart, string> = {
  greeting: 'Greeting',
  subject: 'Subject',
  opener: 'Opening',
  body: 'Body',
  callToAction: 'Call to action',
}

const fileName = (data: CoverLetterData, ext: string) => documentFileName([data.you.firstName, data.you.lastName, 'cover-letter'], ext)

function DesignPanel({ data, update }: { data: CoverLetterData; update: Update }) {
  const { design } = data
  const [note, setNote] = useState('')
  const set = <K extends keyof Design>(key: K, value: Design[K]) => update((d) => ({ ...d, design: { ...d.design, [key]: value } }))
  return (
    <section aria-labelledby="letter-design" className={layout.subsection}>
      <h3 id="letter-design" className={layout.subheading}>
        Design
      </h3>
      <fieldset className={styles.cards}>
        <legend className={layout.label}>Template (the same as the resume templates)</legend>
        {templateNames.map((name) => (
          <label key={name} className={styles.card} data-checked={design.template === name || undefined}>
            <input type="radio" name="letter-template" value={name} checked={design.template === name} onChange={() => set('template', name)} />
            <span className={styles.cardTitle}>{name[0]!.toUpperCase() + name.slice(1)}</span>
          </label>
        ))}
      </fieldset>
      <div className={layout.grid}>
        <label className={layout.field}>
          <span className={layout.label}>Theme colour</span>
          <input type="color" value={design.themeColor} onChange={(e) => set('themeColor', e.target.value)} />
        </label>
        <label className={layout.field}>
          <span className={layout.label}>Title colour</span>
          <input type="color" value={design.titleColor} onChange={(e) => set('titleColor', e.target.value)} />
        </label>
        <label className={layout.field}>
          <span className={layout.label}>Font</span>
          <select className={layout.input} value={design.fontType} onChange={(e) => set('fontType', e.target.value as Design['fontType'])}>
            {fontTypes.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
        <label className={layout.field}>
          <span className={layout.label}>Page size</span>
          <select className={layout.input} value={design.pageSize} onChange={(e) => set('pageSize', e.target.value as Design['pageSize'])}>
            {pageSizes.map((p) => (
              <option key={p} value={p}>
                {p === 'Letter' ? 'US Letter' : p}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={layout.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            void latestResume().then((resume) => {
              if (!resume) return setNote('There is no resume in this browser yet.')
              update((d) => ({ ...d, design: answersFromResume(resume.data, d).design }))
              setNote(`Design taken from “${resume.title}”.`)
            })
          }
        >
          Match my resume’s design
        </Button>
        {note ? <span role="status">{note}</span> : null}
      </div>
    </section>
  )
}

/** The AI provider that can polish parts (signed-in users, provider configured), or null. */
type Polisher = { provider: string } | null

const partNames: Record<LetterPart, string> = {
  greeting: 'greeting',
  subject: 'subject',
  opener: 'opening',
  body: 'body',
  callToAction: 'call to action',
}

function PartEditor({ data, update, part, polisher }: { data: CoverLetterData; update: Update; part: LetterPart; polisher: Polisher }) {
  const generated = partText(composeLetter(data), part)
  const value = data.edits[part] ?? generated
  const setEdit = (text: string | null) => update((d) => ({ ...d, edits: { ...d.edits, [part]: text } }))
  const [polishing, setPolishing] = useState(false)
  // The edit before the last polish (null: the generated text), while the polished text stands.
  const [undo, setUndo] = useState<{ previous: string | null; polished: string } | null>(null)
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)

  const polish = async () => {
    if (!polisher) return
    setPolishing(true)
    setStatus(null)
    const previous = data.edits[part]
    try {
      const { text } = await polishPart({ part, text: value, facts: polishFacts(data, part) })
      setEdit(text)
      setUndo({ previous, polished: text })
      setStatus({ tone: 'info', text: `Rewritten by ${polisher.provider}. Check that it still says what you mean.` })
    } catch (error) {
      setStatus({ tone: 'error', text: error instanceof ApiError && error.status !== 0 ? error.detail : polishMessages.failed })
    } finally {
      setPolishing(false)
    }
  }

  return (
    <div className={styles.part}>
      <TextArea
        label={partLabels[part]}
        value={value}
        onChange={(text) => setEdit(text)}
        rows={part === 'body' ? 10 : part === 'greeting' || part === 'subject' ? 1 : 4}
      />
      <div className={layout.actions}>
        {data.edits[part] !== null ? (
          <Button variant="ghost" onClick={() => setEdit(null)}>
            Use the generated {partLabels[part].toLowerCase()}
          </Button>
        ) : null}
        {polisher ? (
          <Button
            variant="secondary"
            onClick={() => void polish()}
            loading={polishing}
            disabled={!value.trim()}
            aria-label={`Polish the ${partNames[part]} with AI`}
          >
            Polish with AI
          </Button>
        ) : null}
        {undo && data.edits[part] === undo.polished ? (
          <Button
            variant="ghost"
            onClick={() => {
              setEdit(undo.previous)
              setUndo(null)
              setStatus({ tone: 'info', text: 'Your previous text is back.' })
            }}
            aria-label={`Undo polish of the ${partNames[part]}`}
          >
            Undo polish
          </Button>
        ) : null}
      </div>
      {status ? (
        <p role={status.tone === 'error' ? 'alert' : 'status'} className={layout.status} data-tone={status.tone}>
          {status.text}
        </p>
      ) : null}
    </div>
  )
}

export function LetterStep({ data, update }: { data: CoverLetterData; update: Update }) {
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  // 'Polish with AI' only for signed-in users, and only when the server has a provider.
  const userKey = useAuth((state) => state.userData?.email ?? null)
  const availability = useQuery({ ...polishAvailabilityQueryOptions(userKey ?? ''), enabled: userKey !== null })
  const polisher: Polisher =
    userKey !== null && availability.data?.available && availability.data.provider ? { provider: availability.data.provider } : null

  const [unsupported, setUnsupported] = useState<Unsupported | null>(null)

  const downloadPdf = async (anyway = false) => {
    setStatus(null)
    setUnsupported(null)
    const found = unsupportedCharacters(letterDrawnText(data))
    if (!anyway && (found.rightToLeft.length > 0 || found.other.length > 0)) return setUnsupported(found)
    setBusy(true)
    try {
      const { exportLetterPdf } = await import('../pdf/export-letter-pdf')
      saveContent(fileName(data, 'pdf'), 'application/pdf', (await exportLetterPdf(data, new Date(), { anyway })) as Uint8Array<ArrayBuffer>)
      setStatus({ tone: 'info', text: 'PDF ready.' })
    } catch (error) {
      // Characters in a covered script that no font draws: said now, before any file exists.
      if (error instanceof UnwritableCharacters) return setUnsupported({ rightToLeft: [], other: error.characters })
      setStatus({ tone: 'error', text: 'We could not make the PDF. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(letterPlainText(data))
      setStatus({ tone: 'info', text: 'The letter is on your clipboard.' })
    } catch {
      saveContent(fileName(data, 'txt'), 'text/plain;charset=utf-8', letterPlainText(data))
      setStatus({ tone: 'info', text: 'Copying is blocked here, so we downloaded the text instead.' })
    }
  }

  return (
    <div className={layout.stack}>
      <section aria-labelledby="letter-parts" className={layout.subsection}>
        <h3 id="letter-parts" className={layout.subheading}>
          Edit your letter
        </h3>
        <p className={layout.hint}>Every part is yours to change. Hover or focus a sentence in the preview to see which answer it came from.</p>
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => update((d) => ({ ...d, variant: d.variant + 1 }))}>
            Rephrase
          </Button>
        </div>
        {letterParts.map((part) => (
          <PartEditor key={part} data={data} update={update} part={part} polisher={polisher} />
        ))}
      </section>
      <DesignPanel data={data} update={update} />
      <section aria-labelledby="letter-downloads" className={layout.subsection}>
        <h3 id="letter-downloads" className={layout.subheading}>
          Download and share
        </h3>
        <div className={layout.actions}>
          <Button onClick={() => void downloadPdf()} loading={busy}>
            Download PDF
          </Button>
          <Button variant="secondary" onClick={() => void copy()}>
            Copy as plain text
          </Button>
          <Button variant="secondary" onClick={() => saveContent(fileName(data, 'txt'), 'text/plain;charset=utf-8', letterPlainText(data))}>
            Download plain text
          </Button>
        </div>
        {unsupported ? <UnsupportedText found={unsupported} onDownload={() => void downloadPdf(true)} onCancel={() => setUnsupported(null)} /> : null}
        {status ? (
          <p role={status.tone === 'error' ? 'alert' : 'status'} className={layout.status} data-tone={status.tone}>
            {status.text}
          </p>
        ) : null}
      </section>
    </div>
  )
}
