import { ArrowDown, ArrowUp } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
  contentLanguages,
  fontTypes,
  iconShapes,
  pageSizes,
  templateNames,
  type ContentLanguage,
  type Design,
  type ResumeData,
} from '~contract/resume.ts'
import { Button } from '@/components/button/button'
import { builderLayout as layout, UnsupportedText } from '@/features/documents'
import { unsupportedCharacters, UnwritableCharacters, type Unsupported } from '~pdf-engine/scripts.ts'
import { resumeDocument } from '../document'
import { fromJsonResume, toJsonResume } from '../json-resume'
import { moveIndex, sectionTitle, visibleSections } from '../model'
import { parsePdfResume, type ImportNote } from '../import/pdf-import'
import { resumePlainText } from '../plain-text'
import { AtsPanel } from './ats-panel'
import { importAccept, importFormats, importKind, readOtherImport } from './import-formats'
import { ColourInput, Range, Select } from './inputs'
import type { Update } from './step-panels'
import { documentFileName, saveContent } from '@/lib/save-file'
import styles from './builder.module.css'

const fileName = (data: ResumeData, ext: string) => documentFileName([data.heading.firstName, data.heading.lastName, 'resume'], ext)

export function DesignPanel({ data, update }: { data: ResumeData; update: Update }) {
  const { design } = data
  const set = <K extends keyof Design>(key: K, value: Design[K]) => update((d) => ({ ...d, design: { ...d.design, [key]: value } }))
  return (
    <div className={layout.stack}>
      <fieldset className={styles.templates}>
        <legend className={layout.label}>Template</legend>
        {templateNames.map((name) => (
          <label key={name} className={styles.templateChoice} data-checked={design.template === name || undefined}>
            <input type="radio" name="template" value={name} checked={design.template === name} onChange={() => set('template', name)} />
            <span className={styles.templateSwatch} data-template={name} aria-hidden="true" />
            {name[0]!.toUpperCase() + name.slice(1)}
          </label>
        ))}
      </fieldset>
      <div className={layout.grid}>
        <ColourInput label="Theme colour" value={design.themeColor} onChange={(value) => set('themeColor', value)} />
        <ColourInput label="Font colour" value={design.fontColor} onChange={(value) => set('fontColor', value)} />
        <ColourInput label="Title colour" value={design.titleColor} onChange={(value) => set('titleColor', value)} />
        <Select label="Font" value={design.fontType} options={fontTypes} onChange={(value) => set('fontType', value)} />
        <Select
          label="Page size"
          value={design.pageSize}
          options={pageSizes}
          labels={{ Letter: 'US Letter' }}
          onChange={(value) => set('pageSize', value)}
        />
        <Select label="Icon shape" value={design.iconShape} options={iconShapes} onChange={(value) => set('iconShape', value)} />
        <Select
          label="Language of the resume (for screen readers)"
          value={data.language ?? ''}
          options={Object.keys(contentLanguages) as ContentLanguage[]}
          labels={contentLanguages}
          onChange={(language) => update((d) => ({ ...d, language }))}
        />
        <Range label="Font size" value={design.fontSize} min={8} max={14} step={0.5} onChange={(value) => set('fontSize', value)} />
        <Range label="Heading font size" value={design.headingFontSize} min={10} max={28} onChange={(value) => set('headingFontSize', value)} />
        <Range label="Paragraph spacing" value={design.paragraphSpace} min={0} max={16} onChange={(value) => set('paragraphSpace', value)} />
        <Range label="Line spacing" value={design.lineSpace} min={1} max={2} step={0.05} unit="×" onChange={(value) => set('lineSpace', value)} />
        <Range label="Section spacing" value={design.sectionSpace} min={4} max={40} onChange={(value) => set('sectionSpace', value)} />
        <Range label="Paragraph indent" value={design.paragraphIndent} min={0} max={32} onChange={(value) => set('paragraphIndent', value)} />
      </div>
      <fieldset className={styles.switches}>
        <legend className={layout.label}>Contact icons</legend>
        {(['email', 'phone', 'address'] as const).map((key) => (
          <label key={key} className={styles.check}>
            <input type="checkbox" checked={design.icons[key]} onChange={(event) => set('icons', { ...design.icons, [key]: event.target.checked })} />
            {key[0]!.toUpperCase() + key.slice(1)} icon
          </label>
        ))}
      </fieldset>
    </div>
  )
}

function SectionOrder({ data, update }: { data: ResumeData; update: Update }) {
  const shown = visibleSections(data)
  const move = (key: string, offset: number) =>
    update((d) => {
      const order = visibleSections(d)
      const from = order.indexOf(key)
      const to = Math.max(0, Math.min(order.length - 1, from + offset))
      const moved = moveIndex(order, from, to)
      return { ...d, sectionOrder: [...moved, ...d.sectionOrder.filter((k) => !moved.includes(k))] }
    })
  if (shown.length < 2) return null
  return (
    <section aria-labelledby="section-order" className={layout.subsection}>
      <h3 id="section-order" className={layout.subheading}>
        Section order
      </h3>
      <ol className={styles.orderList}>
        {shown.map((key, index) => (
          <li key={key}>
            <span>{sectionTitle(data, key)}</span>
            <button type="button" aria-label={`Move section ${sectionTitle(data, key)} up`} disabled={index === 0} onClick={() => move(key, -1)}>
              <ArrowUp size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label={`Move section ${sectionTitle(data, key)} down`}
              disabled={index === shown.length - 1}
              onClick={() => move(key, 1)}
            >
              <ArrowDown size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** An import waiting for the user's yes: what was recognised, and from where. */
type Pending = {
  data: ResumeData
  recognised: string[]
  kind: 'json' | 'pdf' | 'docx' | 'linkedin'
  note?: string
  differences?: string[]
  unplaced?: string[]
  /** What the builder has no field for, kept with the resume for its JSON Resume export and the PDF's attached copy. */
  kept?: string[]
  notes?: ImportNote[]
}

/** The PDF import's notes, grouped the way a reader checks them: layout first, then doubts, cuts and what was left out. */
const noteGroups: { kind: ImportNote['kind']; title: string }[] = [
  { kind: 'layout', title: 'How the page was read' },
  { kind: 'uncertain', title: 'Please check' },
  { kind: 'cut', title: 'Shortened to fit the builder' },
  { kind: 'dropped', title: 'Left out' },
]

function ImportNotes({ notes }: { notes: ImportNote[] }) {
  return (
    <>
      {noteGroups.map(({ kind, title }) => {
        const group = notes.filter((note) => note.kind === kind)
        if (group.length === 0) return null
        return (
          <div key={kind}>
            <p>{title}:</p>
            <ul aria-label={title}>
              {/* What was left out is listed whole: the user copies it in by hand. */}
              {group.slice(0, kind === 'dropped' ? undefined : 12).map((note, i) => (
                <li key={i}>{note.text}</li>
              ))}
              {kind !== 'dropped' && group.length > 12 ? <li>…and {group.length - 12} more like these.</li> : null}
            </ul>
          </div>
        )
      })}
    </>
  )
}

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name)

async function readPdfImport(file: File): Promise<{ ok: true; pending: Pending } | { ok: false; error: string }> {
  const { readPdf } = await import('../pdf/read-pdf')
  const result = parsePdfResume(await readPdf(new Uint8Array(await file.arrayBuffer())))
  if (!result.ok) return result
  const note =
    result.source === 'text'
      ? 'Read from the text of the PDF. Check each section after importing: dates and places are our best reading.'
      : result.differences.length === 0
        ? 'Made with Waypoint: the page text matched the attached copy in every field, and the attached copy brings back the design too.'
        : 'Made with Waypoint: the attached copy is used. From the page text alone we would have read these fields differently:'
  return {
    ok: true,
    pending: {
      data: result.data,
      recognised: result.recognised,
      kind: 'pdf',
      note,
      differences: result.differences,
      notes: result.source === 'text' ? result.notes : [],
    },
  }
}

export function FinalizeStep({ data, update }: { data: ResumeData; update: Update }) {
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const fontType = data.design.fontType

  // The PDF writer and the chosen font load while the user looks at the design, not on the click.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => void import('../pdf/export-pdf').then((pdf) => pdf.prefetchFont(fontType)).catch(() => {}))
    return () => cancel(handle)
  }, [fontType])

  const [unsupported, setUnsupported] = useState<Unsupported | null>(null)

  const downloadPdf = async (anyway = false) => {
    setStatus(null)
    setUnsupported(null)
    const found = unsupportedCharacters(JSON.stringify(resumeDocument(data)))
    if (!anyway && (found.rightToLeft.length > 0 || found.other.length > 0)) return setUnsupported(found)
    setBusy(true)
    try {
      const started = performance.now()
      const { exportPdf } = await import('../pdf/export-pdf')
      const bytes = await exportPdf(data, { anyway })
      saveContent(fileName(data, 'pdf'), 'application/pdf', bytes as Uint8Array<ArrayBuffer>)
      setStatus({ tone: 'info', text: `PDF ready (${Math.round(performance.now() - started)} ms).` })
    } catch (error) {
      // Characters in a covered script that no font draws: said now, before any file exists.
      if (error instanceof UnwritableCharacters) return setUnsupported({ rightToLeft: [], other: error.characters })
      setStatus({ tone: 'error', text: 'We could not make the PDF. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  const importFile = async (file: File) => {
    setStatus(null)
    setPending(null)
    const kind = await importKind(file).catch(() => 'unknown' as const)
    if (kind === 'docx' || kind === 'linkedin') {
      setStatus({ tone: 'info', text: kind === 'docx' ? 'Reading the Word file…' : 'Reading the LinkedIn export…' })
      try {
        const result = await readOtherImport(file, kind)
        setStatus(result.ok ? null : { tone: 'error', text: result.error })
        if (result.ok) setPending(result.pending)
      } catch {
        setStatus({
          tone: 'error',
          text: `We could not read this ${kind === 'docx' ? 'Word file' : 'ZIP file'}. Is it complete? Your resume was not changed.`,
        })
      }
      return
    }
    if (kind === 'doc')
      return setStatus({
        tone: 'error',
        text: 'This is an older Word file (.doc) or a password-protected one, which we cannot read. Open it in Word or LibreOffice, save it as .docx or PDF, and import that. Your resume was not changed.',
      })
    if (kind === 'pdf' || isPdf(file)) {
      setStatus({ tone: 'info', text: 'Reading the PDF…' })
      try {
        const result = await readPdfImport(file)
        setStatus(result.ok ? null : { tone: 'error', text: result.error })
        if (result.ok) setPending(result.pending)
      } catch {
        setStatus({ tone: 'error', text: 'We could not read this PDF. Is it a complete, unprotected PDF file?' })
      }
      return
    }
    try {
      const result = fromJsonResume(JSON.parse(await file.text()))
      if (!result.ok) setStatus({ tone: 'error', text: result.error })
      else setPending({ data: result.data, recognised: result.recognised, kind: 'json', unplaced: result.unplaced, kept: result.kept })
    } catch {
      setStatus({ tone: 'error', text: `We cannot import this file. Choose a ${importFormats}. Your resume was not changed.` })
    }
  }

  return (
    <div className={layout.stack}>
      <DesignPanel data={data} update={update} />
      <SectionOrder data={data} update={update} />
      <section
        aria-labelledby="downloads"
        className={layout.subsection}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) event.preventDefault()
        }}
        onDrop={(event) => {
          const file = event.dataTransfer.files[0]
          if (!file) return
          event.preventDefault()
          void importFile(file)
        }}
      >
        <h3 id="downloads" className={layout.subheading}>
          Download and share
        </h3>
        <div className={layout.actions}>
          <Button onClick={() => void downloadPdf()} loading={busy}>
            Download PDF
          </Button>
          <Button variant="secondary" onClick={() => saveContent(fileName(data, 'txt'), 'text/plain;charset=utf-8', resumePlainText(data))}>
            Download plain text
          </Button>
          <Button
            variant="secondary"
            onClick={() => saveContent(fileName(data, 'json'), 'application/json', `${JSON.stringify(toJsonResume(data), null, 2)}\n`)}
          >
            Export JSON Resume
          </Button>
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            Import a resume
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={importAccept}
            hidden
            aria-label={`Resume file to import (${importFormats})`}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void importFile(file)
            }}
          />
        </div>
        <p className={layout.status}>Import a {importFormats}: choose the file, or drop it here.</p>
        {unsupported ? <UnsupportedText found={unsupported} onDownload={() => void downloadPdf(true)} onCancel={() => setUnsupported(null)} /> : null}
        {status ? (
          <p role={status.tone === 'error' ? 'alert' : 'status'} className={layout.status} data-tone={status.tone}>
            {status.text}
          </p>
        ) : null}
        {pending ? (
          <div className={styles.importReview} role="region" aria-label="Import review">
            <p>
              {
                {
                  pdf: 'From the PDF we recognised',
                  docx: 'From the Word file we recognised',
                  linkedin: 'From the LinkedIn export we recognised',
                  json: 'We recognised',
                }[pending.kind]
              }
              : {pending.recognised.join(', ') || 'nothing we could use'}.
            </p>
            {pending.note ? <p>{pending.note}</p> : null}
            {pending.differences && pending.differences.length > 0 ? (
              <ul>
                {pending.differences.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            ) : null}
            {pending.notes && pending.notes.length > 0 ? <ImportNotes notes={pending.notes} /> : null}
            {pending.unplaced && pending.unplaced.length > 0 ? (
              <>
                <p>The builder has no place for these, so they would not come along:</p>
                <ul aria-label="Not imported">
                  {pending.unplaced.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {pending.kept && pending.kept.length > 0 ? (
              <>
                <p>
                  The builder has no field for these, so they are not on the page, but they stay in the JSON Resume export and the copy inside the
                  PDF:
                </p>
                <ul aria-label="Kept in the file only">
                  {pending.kept.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p>Replace this resume with the imported one?</p>
            <div className={layout.actions}>
              <Button
                onClick={() => {
                  update(() => pending.data)
                  setPending(null)
                  setStatus({ tone: 'info', text: 'Imported.' })
                }}
              >
                Replace with the import
              </Button>
              <Button variant="secondary" onClick={() => setPending(null)}>
                Keep my resume
              </Button>
            </div>
          </div>
        ) : null}
      </section>
      <AtsPanel data={data} />
    </div>
  )
}
