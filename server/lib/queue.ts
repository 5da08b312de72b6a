/**
 * Calls made in the same turn of the event loop go out as one: `run` gets their inputs in order
 * and answers one output for each. Twenty chat questions arriving together then cost the database
 * one statement, not twenty (PGlite runs each statement on this thread, one after another). A
 * failing run fails each of its calls with the same error, as the calls alone would have.
 */
export function batched<In, Out>(run: (inputs: In[]) => Promise<Out[]>): (input: In) => Promise<Out> {
  let queue: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = []
  const flush = () => {
    const batch = queue
    queue = []
    run(batch.map((call) => call.input)).then(
      (outs) => batch.forEach((call, i) => call.resolve(outs[i]!)),
      (error: unknown) => batch.forEach((call) => call.reject(error)),
    )
  }
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush)
      queue.push({ input, resolve, reject })
    })
}

/**
 * Runs the calls one after another, in arrival order. For work that is all CPU on this thread
 * (the built-in assistant composing an answer): interleaved at each `await`, twenty answers would
 * all finish at the end; in turn, the first asker is answered after one composition, the
 * tenth after ten.
 */
export function oneAtATime(): <Out>(work: () => Promise<Out>) => Promise<Out> {
  let last: Promise<unknown> = Promise.resolve()
  return (work) => {
    const next = last.then(work, work)
    last = next.catch(() => undefined)
    return next
  }
}
