import type { AnyActorRef, InspectionEvent } from 'xstate'
import { inspectorEnabled as enabled } from './inspection-flag'

/**
 * The record the state-machine inspector reads: every root actor started while inspection
 * is on, and the events each received. Inspection is on when the page was opened with
 * ?inspect=1 or the inspector's 'keep open' setting is stored; otherwise `inspect` does
 * nothing and nothing is kept. The panel itself is a lazy chunk (features/inspector).
 */

const LOG_LIMIT = 100

export type LoggedEvent = { at: number; event: { type: string } & Record<string, unknown> }
export type InspectedActor = { ref: AnyActorRef; name: string; log: LoggedEvent[] }

const actors = new Map<string, InspectedActor>()
const listeners = new Set<() => void>()
let version = 0
let forward: ((event: InspectionEvent) => void) | null = null

function changed() {
  version += 1
  for (const listener of listeners) listener()
}

/** Pass as the `inspect` option of `createActor` / `useActorRef`. */
export function inspect(event: InspectionEvent) {
  if (!enabled) return
  forward?.(event)
  const actorRef = event.actorRef as AnyActorRef
  if (event.type === '@xstate.event') {
    // Listed from its start (the init event), not its creation: React creates actors for
    // renders it then throws away (a suspended first render), and those never start.
    // Root actors only: spawned helpers (requests, sockets) show in their parent's log.
    if (event.event.type === 'xstate.init' && !actorRef._parent && !actors.has(actorRef.sessionId)) {
      const logic = (actorRef as unknown as { logic: { id?: string } }).logic
      actors.set(actorRef.sessionId, { ref: actorRef, name: logic.id ?? actorRef.id, log: [] })
    }
    const entry = actors.get(actorRef.sessionId)
    if (!entry) return
    entry.log = [...entry.log.slice(-(LOG_LIMIT - 1)), { at: Date.now(), event: event.event as LoggedEvent['event'] }]
  } else {
    if (!actors.has(actorRef.sessionId)) return
    // Stopped (its component unmounted): @xstate/react then puts the last snapshot back, so
    // the stop is only seen here.
    if (event.type === '@xstate.snapshot' && event.snapshot.status === 'stopped') actors.delete(actorRef.sessionId)
  }
  changed()
}

/** Also hand every inspection event to another inspector (the Stately one). */
export function forwardInspection(to: (event: InspectionEvent) => void) {
  forward = to
}

/** Live actors, oldest first; stopped ones are forgotten. */
export function inspectedActors(): InspectedActor[] {
  for (const [id, entry] of actors) if (entry.ref.getSnapshot().status === 'stopped') actors.delete(id)
  return [...actors.values()]
}

export function subscribeInspection(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const inspectionVersion = () => version
