import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isTest = (f: string) => /\.test\.ts$/.test(f);

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** Relative imports of a file, resolved to source paths (`./x.js` → `x.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, '.ts'));
}

describe('source layout', () => {
  it('keeps test support under src/test: every non-test file in modules/ is used by code that is not a test', () => {
    const all = files(SRC);
    const usedByCode = new Set(all.filter((f) => !isTest(f) && !f.startsWith(path.join(SRC, 'test'))).flatMap(importsOf));
    const onlyForTests = files(path.join(SRC, 'modules')).filter(
      // Module entries are found by platform/modules.ts through a glob, workers by file name; index.ts is a public surface.
      (f) => !isTest(f) && !/(\.module\.ts|\.mjs|\.d\.ts|\/index\.ts)$/.test(f) && !usedByCode.has(f),
    );
    expect(onlyForTests.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('has no test that sleeps a fixed time to wait for something', () => {
    // Child-process tests poll a server in another process (no event reaches this one); the upload
    // limits test paces a slow client on purpose.
    const allowed = new Set(['server.process.test.ts', 'server.crash.process.test.ts', 'modules/uploads/uploads.limits.api.test.ts']);
    const sleeping = files(SRC)
      .filter((f) => isTest(f) && !allowed.has(path.relative(SRC, f)))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/new Promise\(\(?\w*\)? => setTimeout\(\w+, *[\d_]+\)\)|\bsleep\( *[\d_]+ *\)/g)].map((m) => `${path.relative(SRC, f)}: ${m[0]}`),
      );
    expect(sleeping).toEqual([]);
  });
});
