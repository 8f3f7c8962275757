import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCK_KEYS, LOCK_PAIRS } from './locks.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

describe('advisory lock registry', () => {
  it('gives every named lock its own key', () => {
    const singles = Object.values(LOCK_KEYS);
    expect(new Set(singles).size).toBe(singles.length);
    const pairs = Object.values(LOCK_PAIRS).map((p) => p.join(','));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('is the only place a lock key is written: no advisory-lock call in the code spells a number', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (file.endsWith('locks.test.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock(?:_shared)?\s*\(\s*(\d+)/g)) {
        offenders.push(`${path.relative(SRC, file)}: ${m[0]}`);
      }
      // A key constant declared outside the registry (`const X_LOCK = 7243…`).
      for (const m of text.matchAll(/const\s+\w*LOCK\w*\s*=\s*(\d{4,}|\[\s*\d+)/g)) {
        if (!file.endsWith(`${path.sep}platform${path.sep}locks.ts`)) offenders.push(`${path.relative(SRC, file)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
