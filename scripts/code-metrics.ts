// Counts the code-health figures issue 19 sets targets for: `as T` casts, `as unknown as`,
// non-null `!`, status/state comparisons with string literals in web modules, web deep imports
// (a module file importing another module's file other than its index.ts), and module import
// cycles on each side. Run: `npx tsx scripts/code-metrics.ts` (prints figures, fails nothing);
// `--list` adds the literal comparisons and deep imports, `--files` the casts and `!` per file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
// Test code: test files, test folders and the web kernel's test helpers (`testing/`, imported by tests only).
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.includes('/test/') || f.includes('/testing/') || f.includes('/migrations/');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const files = SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d))).filter((f) => !isTest(f));
let casts = 0;
let unknownCasts = 0;
let bangs = 0;
const literalStatus: string[] = [];
/** Casts and non-null `!` per file (`--files`). */
const perFile = new Map<string, { casts: number; bangs: number }>();
const countIn = (file: string, key: 'casts' | 'bangs') => {
  const rel = path.relative(ROOT, file);
  const entry = perFile.get(rel) ?? { casts: 0, bangs: 0 };
  entry[key]++;
  perFile.set(rel, entry);
};
for (const file of files) {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const web = file.includes('apps/web/src/modules/');
  const visit = (n: ts.Node) => {
    if (ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) {
      const t = n.type.getText(src);
      if (t !== 'const') {
        casts++;
        countIn(file, 'casts');
        if (ts.isAsExpression(n.expression) && n.expression.type.kind === ts.SyntaxKind.UnknownKeyword) unknownCasts++;
      }
    }
    if (ts.isNonNullExpression(n)) {
      bangs++;
      countIn(file, 'bangs');
    }
    if (
      web &&
      ts.isBinaryExpression(n) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(
        n.operatorToken.kind,
      )
    ) {
      const sides = [n.left, n.right];
      const named = sides.some((s) => ts.isPropertyAccessExpression(s) && /^(status|state)$/i.test(s.name.text));
      const literal = sides.some((s) => ts.isStringLiteral(s) || ts.isNoSubstitutionTemplateLiteral(s));
      if (named && literal) literalStatus.push(`${path.relative(ROOT, file)}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}

/** Module-level import graph of one side: module name → module names it imports (runtime and type). */
function moduleGraph(side: 'server' | 'web') {
  const base = path.join(ROOT, `apps/${side}/src/modules`);
  const graph = new Map<string, Set<string>>();
  const deep: string[] = [];
  for (const file of walk(base).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const from = path.relative(base, file).split(path.sep)[0]!;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      if (!target.startsWith(base + path.sep)) continue;
      const rel = path.relative(base, target).split(path.sep);
      const to = rel[0]!;
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
      if (!(rel.length === 2 && /^index(\.tsx?|\.js)?$/.test(rel[1]!))) deep.push(`${path.relative(ROOT, file)} → ${m[1]}`);
    }
  }
  const pairs: string[] = [];
  for (const [a, tos] of graph) for (const b of tos) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} ⇄ ${b}`);
  return { deep, pairs };
}

const server = moduleGraph('server');
const web = moduleGraph('web');
const verbose = process.argv.includes('--list');
console.log(`casts (as T, not 'as const'): ${casts}`);
console.log(`'as unknown as' outside tests: ${unknownCasts}`);
console.log(`non-null '!': ${bangs}`);
console.log(`web status/state literal comparisons: ${literalStatus.length}`);
console.log(`web deep imports into another module: ${web.deep.length}`);
console.log(`server deep imports into another module: ${server.deep.length}`);
console.log(`two-way module pairs: server ${server.pairs.length} [${server.pairs.join(', ')}], web ${web.pairs.length} [${web.pairs.join(', ')}]`);
if (verbose) {
  console.log('\n' + literalStatus.join('\n'));
  console.log('\n' + web.deep.join('\n'));
}
if (process.argv.includes('--files')) {
  console.log('\ncasts\t!\tfile');
  const rows = [...perFile].sort(([, a], [, b]) => b.casts + b.bangs - a.casts - a.bangs);
  for (const [file, n] of rows) console.log(`${n.casts}\t${n.bangs}\t${file}`);
}
