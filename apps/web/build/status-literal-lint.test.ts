import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The gate of "one rule, one place" (eslint.config.js): a web page never compares `.status` / `.state`
// with a string; it obeys the row's abilities or a helper of the shared lifecycle.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const lint = async (code: string, file = 'apps/web/src/modules/exams/manage/Sample.tsx') => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
};

describe('the status literal lint rule', () => {
  it('rejects .status/.state compared with a string in a web module: ===, !==, optional chain, template, switch, includes', async () => {
    const code = [
      'type Row = { status: string; media?: { state: string } };',
      'export function f(r: Row, o?: Row) {',
      "  const a = r.status === 'published';",
      "  const b = 'draft' !== r.status;",
      "  const c = o?.status === 'draft';",
      '  const d = r.media?.state == `ready`;',
      "  const e = ['draft', 'published'].includes(r.status);",
      '  switch (r.status) {',
      "    case 'draft':",
      '      return 1;',
      '  }',
      '  return [a, b, c, d, e];',
      '}',
    ].join('\n');
    expect(await lint(code)).toEqual([3, 4, 5, 6, 7, 9]);
  });

  it('rejects a named status (myStatus, attemptStatus) and lets the DOM visibilityState through', async () => {
    const code = [
      'type Row = { myStatus: string; attemptStatus?: string };',
      'export const f = (r: Row) => [',
      "  r.myStatus !== 'notStarted',",
      "  r.attemptStatus === 'marked',",
      "  document.visibilityState === 'hidden',",
      "  document.readyState === 'complete',",
      '];',
    ].join('\n');
    expect(await lint(code)).toEqual([3, 4]);
  });

  it('lets through other comparisons, other files and tests', async () => {
    const code = "type Row = { status: unknown; kind: string };\nexport const g = (r: Row) => [r.status === null, r.status === 1, r.kind === 'x'];\n";
    expect(await lint(code)).toEqual([]);
    const literal = "export const h = (r: { status: string }) => r.status === 'draft';\n";
    expect(await lint(literal, 'apps/web/src/platform/Sample.tsx')).toEqual([]);
    expect(await lint(literal, 'apps/web/src/modules/exams/manage/Sample.test.tsx')).toEqual([]);
    expect(await lint(literal, 'apps/web/src/modules/exams/manage/Sample.tsx')).toEqual([1]);
  });
});
