/** Time comes through deps so tests can hold it still. */
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }
