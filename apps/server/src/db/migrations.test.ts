import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../..');

describe('migrations', () => {
  it('match the Drizzle schema files: generating again finds nothing to add', { timeout: 60_000 }, () => {
    // drizzle-kit wants the folder relative to its config.
    const rel = `.migrations-check-${process.pid}`;
    const out = path.join(SERVER, rel);
    fs.cpSync(path.join(SERVER, 'src/db/migrations'), out, { recursive: true });
    const config = path.join(SERVER, `drizzle.check.${process.pid}.config.ts`);
    fs.writeFileSync(config, `import base from './drizzle.config.ts';\nexport default { ...base, out: './${rel}' };\n`);
    try {
      const before = fs.readdirSync(out).filter((f) => f.endsWith('.sql')).length;
      const run = spawnSync(process.execPath, [path.join(SERVER, '../../node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config], {
        cwd: SERVER,
        encoding: 'utf8',
      });
      const log = `${run.stdout}${run.stderr}`;
      expect(run.status, log).toBe(0);
      const after = fs.readdirSync(out).filter((f) => f.endsWith('.sql')).length;
      expect(after, log).toBe(before);
      expect(log).toMatch(/No schema changes/);
    } finally {
      fs.rmSync(config, { force: true });
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
