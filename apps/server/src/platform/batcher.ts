/**
 * Calls arriving together share one statement (one round trip, one commit): under load the calls
 * queued while `maxInFlight` statements run go together in the next one, so hundreds of calls a
 * second make a few dozen statements and leave the pool to everything else; alone, a call runs at
 * once. Two items with the same key never run at once (the later waits for the next statement), so
 * a statement holds each key once. A statement that fails is retried one item at a time: one item's
 * failure is its caller's alone.
 */
export function createBatcher<I, O>(opts: {
  /** Answers one output per item, in order. */
  run: (items: I[]) => Promise<O[]>;
  key: (item: I) => unknown;
  maxInFlight: number;
  maxBatch: number;
}): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    key: unknown;
    resolve: (o: O) => void;
    reject: (e: unknown) => void;
  }
  let queue: Waiting[] = [];
  /** Keys of the items in a running statement (or the one being built). */
  const busy = new Set<unknown>();
  let inFlight = 0;

  async function run(batch: Waiting[]) {
    try {
      const out = await opts.run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(out[i]));
    } catch {
      await Promise.all(
        batch.map((w) =>
          opts.run([w.item]).then(
            (out) => w.resolve(out[0]),
            (e: unknown) => w.reject(e),
          ),
        ),
      );
    } finally {
      for (const w of batch) busy.delete(w.key);
      inFlight--;
      pump();
    }
  }

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length) {
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      for (const w of queue) {
        if (batch.length < opts.maxBatch && !busy.has(w.key)) {
          busy.add(w.key);
          batch.push(w);
        } else later.push(w);
      }
      queue = later;
      if (!batch.length) return;
      inFlight++;
      void run(batch);
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, key: opts.key(item), resolve, reject });
      pump();
    });
}
