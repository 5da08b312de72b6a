import { Branch as OutsideDialogs } from '@radix-ui/react-dismissable-layer'
import { Component, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { AnyActorRef } from 'xstate'
import { forwardInspection, inspectedActors, inspectionVersion, subscribeInspection, type InspectedActor } from '@/lib/inspection'
import { INSPECTOR_SETTING_KEY } from '@/lib/inspection-flag'
import styles from './inspector-panel.module.css'

/** JSON for display: actor references and functions become short labels, cycles are cut. */
function show(value: unknown): string {
  const seen = new WeakSet()
  return JSON.stringify(
    value,
    (_key, item: unknown) => {
      if (typeof item === 'function') return '[function]'
      if (item && typeof item === 'object') {
        if ('sessionId' in item && 'send' in item) return `[actor ${(item as AnyActorRef).id}]`
        if (seen.has(item)) return '[circular]'
        seen.add(item)
      }
      return item
    },
    2,
  )
}

type StateNodeLike = { ownEvents: string[] }

/** The events the current state has transitions for (internal xstate events left out). */
function acceptedEvents(ref: AnyActorRef): string[] {
  const snapshot = ref.getSnapshot() as { _nodes?: StateNodeLike[] }
  const events = new Set<string>()
  for (const node of snapshot._nodes ?? []) for (const type of node.ownEvents) if (!type.startsWith('xstate.') && type !== '*') events.add(type)
  return [...events].sort()
}

type InspectedSnapshot = { value?: unknown; context?: unknown; status: string; error?: unknown; can?: (event: unknown) => boolean }

/**
 * Whether the actor takes the event now. `can` runs the machine's guards on the event as the
 * inspector would send it (often without the payload the machine expects): a guard that throws
 * on it means no, never a broken page.
 */
function takes(snapshot: InspectedSnapshot, event: { type: string }): boolean {
  if (!snapshot.can) return true
  try {
    return snapshot.can(event)
  } catch {
    return false
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

function parsePayload(text: string): { payload: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { payload: {} }
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return { payload: value as Record<string, unknown> }
    return { error: 'The payload must be a JSON object, e.g. {"values": {"email": "a@b.co"}}.' }
  } catch (error) {
    return { error: `The payload is not valid JSON: ${(error as Error).message}` }
  }
}

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour12: false })

function ActorCard({ actor }: { actor: InspectedActor }) {
  const payloadId = useId()
  const [payloadText, setPayloadText] = useState('')
  const snapshot = actor.ref.getSnapshot() as InspectedSnapshot
  const parsed = parsePayload(payloadText)
  const payload = 'payload' in parsed ? parsed.payload : null

  return (
    <section className={styles.actor} aria-label={`Actor ${actor.name}`}>
      <h3 className={styles.actorName}>{actor.name}</h3>
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>
          <code data-testid="inspector-state">{show(snapshot.value ?? snapshot.status)}</code>
        </dd>
      </dl>
      {snapshot.status === 'error' ? (
        <p className={styles.error} role="alert">
          This machine stopped with an error: {errorText(snapshot.error)}
        </p>
      ) : null}

      <div className={styles.events} role="group" aria-label={`Events ${actor.name} accepts now`}>
        {acceptedEvents(actor.ref).map((type) => {
          const event = { ...payload, type }
          const allowed = payload !== null && takes(snapshot, event)
          return (
            <button key={type} type="button" className={styles.eventButton} disabled={!allowed} onClick={() => actor.ref.send(event)}>
              {type}
            </button>
          )
        })}
      </div>
      <label className={styles.label} htmlFor={payloadId}>
        Event payload (JSON, added to the event you send)
      </label>
      <textarea
        id={payloadId}
        className={styles.payload}
        rows={2}
        spellCheck={false}
        value={payloadText}
        placeholder='{"values": {"email": "ana@example.com"}}'
        aria-invalid={'error' in parsed || undefined}
        onChange={(event) => setPayloadText(event.target.value)}
      />
      {'error' in parsed ? (
        <p className={styles.error} role="alert">
          {parsed.error}
        </p>
      ) : null}

      <details className={styles.details}>
        <summary>Context</summary>
        <pre className={styles.pre}>{show(snapshot.context)}</pre>
      </details>
      <details className={styles.details} open>
        <summary>Event log ({actor.log.length})</summary>
        {actor.log.length === 0 ? (
          <p className={styles.muted}>No events yet.</p>
        ) : (
          <ol className={styles.log} reversed>
            {[...actor.log].reverse().map((entry, index) => (
              <li key={actor.log.length - index}>
                <span className={styles.muted}>{time(entry.at)}</span> <code>{entry.event.type}</code>
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  )
}

/** A card that fails to render is replaced by its error: the rest of the panel and the page go on. */
class ActorCardBoundary extends Component<{ name: string; children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') }
  }
  render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <section className={styles.actor} aria-label={`Actor ${this.props.name}`}>
        <h3 className={styles.actorName}>{this.props.name}</h3>
        <p className={styles.error} role="alert">
          The inspector could not show this machine: {errorText(this.state.error)}
        </p>
        <button type="button" className={styles.toggle} onClick={() => this.setState({ error: undefined })}>
          Show it again
        </button>
      </section>
    )
  }
}

function readKeepOpen() {
  try {
    return localStorage.getItem(INSPECTOR_SETTING_KEY) === '1'
  } catch {
    return false
  }
}

// With VITE_INSPECT=stately at build time the same events also go to Stately's inspector
// (it opens stately.ai, so it needs the internet); the default needs no network.
if (import.meta.env.VITE_INSPECT === 'stately') {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const stately = createBrowserInspector()
    forwardInspection((event) => stately.inspect.next?.(event))
  })
}

/** Lists every live state machine, its state, context and events, and drives it by hand. */
export default function InspectorPanel() {
  useSyncExternalStore(subscribeInspection, inspectionVersion)
  const [expanded, setExpanded] = useState(true)
  const [keepOpen, setKeepOpen] = useState(readKeepOpen)
  const actors = inspectedActors()
  const bodyId = useId()
  const panel = useRef<HTMLElement>(null)

  // A modal dialog's focus trap pulls focus back when it moves anywhere else. Focus that
  // moves into the inspector is kept from it, so QA can type a payload and use the keys.
  useEffect(() => {
    const keep = (event: FocusEvent) => {
      const element = panel.current
      const into = event.type === 'focusin' ? event.target : event.relatedTarget
      if (element && into instanceof Node && element.contains(into)) event.stopImmediatePropagation()
    }
    window.addEventListener('focusin', keep, true)
    window.addEventListener('focusout', keep, true)
    return () => {
      window.removeEventListener('focusin', keep, true)
      window.removeEventListener('focusout', keep, true)
    }
  }, [])

  const toggleKeepOpen = (checked: boolean) => {
    setKeepOpen(checked)
    try {
      if (checked) localStorage.setItem(INSPECTOR_SETTING_KEY, '1')
      else localStorage.removeItem(INSPECTOR_SETTING_KEY)
    } catch {
      // Storage unavailable: the setting lasts for this page only.
    }
  }

  // A modal dialog hides and blocks the rest of the page; the inspector must stay usable
  // beside it: its own child of <body>, a dismissable-layer branch (clicks here do not
  // close the dialog) that aria-hidden leaves alone (it keeps aria-live regions).
  return createPortal(
    <OutsideDialogs asChild>
      <aside ref={panel} className={styles.panel} aria-label="State machine inspector" aria-live="off">
        <div className={styles.header}>
          <h2 className={styles.title}>State machine inspector</h2>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Collapse' : 'Expand'}
          </button>
        </div>
        <div id={bodyId} hidden={!expanded} className={styles.body}>
          <label className={styles.keep}>
            <input type="checkbox" checked={keepOpen} onChange={(event) => toggleKeepOpen(event.target.checked)} /> Open on every visit
          </label>
          {actors.length === 0 ? (
            <p className={styles.muted}>No state machine is running on this page yet. Open the chat or a sign-in dialog to start one.</p>
          ) : (
            actors.map((actor) => (
              <ActorCardBoundary key={actor.ref.sessionId} name={actor.name}>
                <ActorCard actor={actor} />
              </ActorCardBoundary>
            ))
          )}
        </div>
      </aside>
    </OutsideDialogs>,
    document.body,
  )
}
