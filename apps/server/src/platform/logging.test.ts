import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLog, loggingOptions, readableLine } from './logging.js';
import { loadConfig } from './config.js';

/** A Fastify app logging as the server does into `lines`. */
async function appLogging(env: Record<string, string>) {
  const lines: string[] = [];
  const config = loadConfig(env);
  const app = Fastify(loggingOptions(config, { write: (s: string) => lines.push(s) }));
  installRequestLog(app);
  app.get('/api/ping', async () => ({ ok: true }));
  await app.ready();
  app.log.info('media: videos are sliced with ffmpeg version 5.1.6');
  await app.inject({ method: 'GET', url: '/api/ping' });
  await app.close();
  return lines;
}

describe('server log', () => {
  it('prints readable lines at info by default, and no line per request', async () => {
    const lines = await appLogging({});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d INFO {2}media: videos are sliced with ffmpeg version 5\.1\.6\n$/);
  });

  it('adds one line per request at LOG_LEVEL=debug; LOG_FORMAT=json keeps JSON lines', async () => {
    const debug = await appLogging({ LOG_LEVEL: 'debug' });
    expect(debug.filter((l) => l.includes('GET /api/ping'))).toEqual([expect.stringMatching(/DEBUG GET \/api\/ping {2}reqId=\S+ status=200 ms=\d+\n$/)]);
    const json = await appLogging({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    expect(json.map((l) => JSON.parse(l) as { msg: string })).toEqual([
      expect.objectContaining({ level: 30, msg: 'media: videos are sliced with ffmpeg version 5.1.6' }),
      expect.objectContaining({ level: 20, msg: 'GET /api/ping', status: 200 }),
    ]);
  });

  it('refuses an unknown level or format at start, naming the setting', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  });

  it('shows an error with its stack under the line', () => {
    const line = readableLine(JSON.stringify({ level: 50, time: 0, msg: 'job failed', kind: 'media.transcode', err: { message: 'boom', stack: 'Error: boom\n    at x' } }));
    expect(line).toBe('1970-01-01 00:00:00 ERROR job failed  kind=media.transcode\n  Error: boom\n      at x\n');
  });
});
