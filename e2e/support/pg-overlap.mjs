/**
 * Preloaded into the browser tier's server (NODE_OPTIONS --import): pg warns once, without a caller, when a query
 * is queued behind another queued one on the same client (several queries at once on one transaction, which pg 9
 * will refuse). This names each such query and the ones it waits behind in server.log, so the caller can be found.
 */
import pg from 'pg';

const textOf = (q) =>
  String((q && typeof q === 'object' ? q.text : q) ?? '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  if (this._queryQueue && this._queryQueue.length > 0 && !this.pipeline) {
    const active = this._activeQuery;
    process.stderr.write(
      `[pg-overlap] ${new Date().toISOString()} query sent while others wait on the same client: ${textOf(args[0])}\n` +
        `  running: ${textOf(active)}\n` +
        this._queryQueue.map((q) => `  waiting: ${textOf(q)}\n`).join(''),
    );
  }
  return query.apply(this, args);
};
