/**
 * Preloaded into the browser tier's server (NODE_OPTIONS --import): a query sent on a client still answering another
 * (several queries at once on one transaction, which pg 9 will refuse; pg 8 warns once, without a caller, from the
 * third on) is written to server.log with the ones it waits behind, so the caller can be found. The server tests
 * throw on the same case (apps/server/src/test/one-statement-per-connection.ts).
 */
import pg from 'pg';

const textOf = (q) =>
  String((q && typeof q === 'object' ? q.text : q) ?? '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const waiting = this._queryQueue ?? [];
  if (this._connected && !this.pipeline && (this._activeQuery || waiting.length > 0)) {
    const active = this._activeQuery;
    process.stderr.write(
      `[pg-overlap] ${new Date().toISOString()} query sent while others wait on the same client: ${textOf(args[0])}\n` +
        `  running: ${textOf(active)}\n` +
        waiting.map((q) => `  waiting: ${textOf(q)}\n`).join(''),
    );
  }
  return query.apply(this, args);
};
