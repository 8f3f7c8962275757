import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import zhCN from './zh-CN';
import zhCNManage from './zh-CN/manage';

/**
 * The back office's texts (locales/<lang>/manage) are not in the first download: the login page, the
 * portal and the public pages must not use them. Follows every import (static and lazy) from the router,
 * except into the areas that load those texts (management, lecturer and class-teacher ends), and looks
 * for text keys defined only in the back office's files.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const BACK_OFFICE = [
  /^app\/manage\//,
  /^app\/routes\/manage-routes\.ts$/,
  /^app\/ends\//,
  /^modules\/[^/]+\/ends\//,
  /^modules\/[^/]+\/lecturer\//,
  /^modules\/[^/]+\/manage\//,
  /^modules\/[^/]+\/manage-pages\.ts$/,
];

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(path.join(SRC, from)), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return path.relative(SRC, c).split(path.sep).join('/');
  }
  return undefined;
}

function reached(root: string): Set<string> {
  const seen = new Set<string>();
  const todo = [root];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f) || BACK_OFFICE.some((r) => r.test(f)) || f.startsWith('locales/')) continue;
    seen.add(f);
    const src = fs.readFileSync(path.join(SRC, f), 'utf8');
    for (const m of src.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
      const next = resolve(f, m[1]!);
      if (next && /\.tsx?$/.test(next)) todo.push(next);
    }
  }
  return seen;
}

function flatKeys(obj: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) flatKeys(v, prefix ? `${prefix}.${k}` : k, out);
  else out.add(prefix);
  return out;
}

describe('the first download’s texts', () => {
  it('hold every text key the login page, the portal and the public pages use', () => {
    const core = [...flatKeys(zhCN)];
    const backOffice = [...flatKeys(zhCNManage)];
    const files = reached('app/router.tsx');
    expect(files.has('modules/learning/portal/LearnPage.tsx')).toBe(true); // the walk follows lazy routes
    expect(files.has('app/manage/ManageLayout.tsx')).toBe(false);
    const missing: string[] = [];
    for (const f of files) {
      const src = fs.readFileSync(path.join(SRC, f), 'utf8');
      for (const m of src.matchAll(/['"`]([a-zA-Z][\w-]*(?:\.[\w:-]+)+)/g)) {
        const key = m[1]!;
        const covered = (keys: string[]) => keys.some((k) => k === key || k.startsWith(`${key}.`));
        if (!covered(core) && covered(backOffice)) missing.push(`${f}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
