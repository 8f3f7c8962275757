/**
 * Every server test file runs with this guard (vitest `setupFiles`): a statement sent on a connection that is still
 * answering another one (two statements at once on one transaction, say through `Promise.all`) throws, naming both.
 * pg queues such a statement today with a deprecation warning, and pg 9 will refuse it: a transaction's statements
 * are awaited one after another. Statements on the pool may run side by side; each takes a connection of its own.
 */
import pg from 'pg';

interface ClientState {
  _connected?: boolean;
  _activeQuery?: { text?: string } | null;
  _queryQueue?: { text?: string }[];
}

const GUARDED = Symbol.for('hanlin.test.oneStatementPerConnection');
const proto = pg.Client.prototype as unknown as Record<symbol, boolean> & { query: (...args: unknown[]) => unknown };
if (!proto[GUARDED]) {
  proto[GUARDED] = true;
  const textOf = (q: unknown) =>
    String((q && typeof q === 'object' && 'text' in q ? q.text : q) ?? '?')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
  const query = proto.query;
  proto.query = function (this: ClientState, ...args: unknown[]) {
    const waiting = this._queryQueue ?? [];
    if (this._connected && (this._activeQuery || waiting.length > 0)) {
      throw new Error(
        `two statements at once on one connection (await them one after another): ${textOf(args[0])}\n` +
          `  while running: ${textOf(this._activeQuery)}` +
          waiting.map((q) => `\n  while waiting: ${textOf(q)}`).join(''),
      );
    }
    return query.apply(this, args);
  };
}
