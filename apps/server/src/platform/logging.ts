import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { isRecord, propOf } from '@hanlin/shared';

/** The levels LOG_LEVEL accepts, most severe first (`silent`: nothing). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `text`: one readable line per entry (the console); `json`: pino's JSON lines (a log collector). */
export type LogFormat = 'text' | 'json';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

/** One pino JSON entry as a line a person reads: `2026-11-28 14:47:11 INFO  message key=value …`, an error's stack below it. */
export function readableLine(json: string): string {
  let e: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    e = isRecord(parsed) ? parsed : {};
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof e.time === 'number' ? e.time : Date.now()).toISOString().replace('T', ' ').slice(0, 19);
  const level = (LEVEL_NAMES[Number(e.level)] ?? String(e.level)).padEnd(5);
  const extra = Object.entries(e)
    .filter(([k, v]) => !OMITTED.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  const errStack = propOf(e.err, 'stack');
  const errMessage = propOf(e.err, 'message');
  const stack = typeof errStack === 'string' && errStack ? `\n  ${errStack.split('\n').join('\n  ')}` : errMessage ? ` (${String(errMessage)})` : '';
  return `${time} ${level} ${String(e.msg ?? '')}${extra ? `  ${extra}` : ''}${stack}\n`;
}

/**
 * The logging part of Fastify's options: the level, readable lines unless `json` is asked for, and
 * no per-request lines (Fastify's two per request); `installRequestLog` writes one at debug instead.
 */
export function loggingOptions(
  opts: { logLevel: string; logFormat: LogFormat },
  out: { write(s: string): unknown } = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: opts.logFormat === 'json' ? { level: opts.logLevel, stream: out } : { level: opts.logLevel, stream: { write: (line: string) => out.write(readableLine(line)) } },
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** One line per answered request (method, path, status, time), at debug: LOG_LEVEL=debug shows them. */
export function installRequestLog(app: FastifyInstance) {
  const atDebug = new Set(['debug', 'trace']);
  app.addHook('onResponse', (req, reply, done) => {
    if (atDebug.has(req.log.level)) req.log.debug({ status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, `${req.method} ${req.url}`);
    done();
  });
}
