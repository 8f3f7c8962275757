import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, type Session } from '../../test/harness.js';

const t = useTestApp();
let admin: Session;
let port: number;
beforeAll(async () => {
  admin = await login(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const MiB = 1024 * 1024;
const fileCount = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n;
/** Every stored object under the storage folder (absent until the first upload). */
function storedObjects(): string[] {
  const root = path.join(t.config.dataDir, 'files');
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];
}

/**
 * A real HTTP upload whose file bytes arrive in `pieces`, with a pause after each one,
 * as a slow network delivers them (app.inject always hands the body over in one piece).
 */
function slowUpload(pieces: number[], pauseMs: number): Promise<{ status: number; body: any }> {
  const boundary = `----hanlin${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + pieces.reduce((a, b) => a + b, 0) + tail.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/file?purpose=feedback',
        headers: { ...admin.headers(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': total },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answered = true;
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null });
        });
      },
    );
    // The server may answer and close before the whole body is written.
    req.on('error', (e) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(e)), 500);
    });
    void (async () => {
      req.write(head);
      for (const [i, n] of pieces.entries()) {
        if (req.destroyed) return;
        const piece = crypto.randomBytes(n);
        // A zip's magic number: the server checks the content against the suffix.
        if (i === 0) Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(piece);
        req.write(piece);
        await sleep(pauseMs);
      }
      if (!req.destroyed) req.end(tail);
    })();
  });
}

describe('over-limit uploads arriving in pieces', () => {
  it('refuses 10 MiB + 1 byte paused exactly at the limit, storing nothing', async () => {
    const [rows, objects] = [await fileCount(), storedObjects().length];
    const res = await slowUpload([10 * MiB, 1], 300);
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.msg).toBe('FILE_TOO_LARGE');
    expect(await fileCount()).toBe(rows);
    expect(storedObjects().length).toBe(objects);
  });

  it('refuses 11 MiB sent in 1 MiB pieces, storing nothing', async () => {
    const [rows, objects] = [await fileCount(), storedObjects().length];
    const res = await slowUpload(
      Array.from({ length: 11 }, () => MiB),
      50,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.msg).toBe('FILE_TOO_LARGE');
    expect(await fileCount()).toBe(rows);
    expect(storedObjects().length).toBe(objects);
  });

  it('still stores exactly 10 MiB sent in pieces', async () => {
    const rows = await fileCount();
    const res = await slowUpload([4 * MiB, 4 * MiB, 2 * MiB], 50);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.size).toBe(10 * MiB);
    expect(await fileCount()).toBe(rows + 1);
  });
});
