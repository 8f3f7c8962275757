import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Who writes which table: each table belongs to the module (or `platform`) whose `*.schema.ts`
 * defines it, and only that owner's code inserts, updates or deletes its rows (other modules call
 * the owner's `index.ts`). Read by table-ownership.test.ts.
 */
export interface Write {
  file: string;
  line: number;
  table: string;
  how: string;
}

const isTest = (f: string) => /\.test\.ts$/.test(f) || f.includes(`${path.sep}test${path.sep}`);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** `modules/<m>/...` → `<m>`, `platform/...` → `platform`; other folders (bootstrap, db) own nothing and are not checked. */
export function ownerOfFile(src: string, file: string): string | undefined {
  const [top, mod] = path.relative(src, file).split(path.sep);
  if (top === 'modules') return mod;
  if (top === 'platform') return 'platform';
  return undefined;
}

/** Table definitions: SQL name → owner, and the exported Drizzle name → SQL name. */
export function tablesOf(src: string, files: string[]) {
  const ownerOf = new Map<string, string>();
  const sqlNameOf = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('.schema.ts'))) {
    const owner = ownerOfFile(src, file);
    if (!owner) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*(?:pgTable|linkTable)\(\s*'(\w+)'/g)) {
      ownerOf.set(m[2]!, owner);
      sqlNameOf.set(m[1]!, m[2]!);
    }
  }
  return { ownerOf, sqlNameOf };
}

/** Local names of imported bindings (`{ labels as catalogue }` → catalogue ↦ labels). */
function importedNames(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from/g))
    for (const part of m[1]!.split(',')) {
      const [name, alias] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (name) out.set(alias ?? name, name);
    }
  return out;
}

const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;
const ROW_HELPER_WRITE = /\b(insertRow|updateRow|deleteRows|deleteAllRows)\(\s*\w+\s*,\s*(\w+)\b/g;
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?([a-z_][a-z0-9_]*)"?)(?=\s)/gi;

/** Every write a file does to a table it can name, with the line it is on. */
export function writesOf(file: string, sqlNameOf: ReadonlyMap<string, string>): Omit<Write, 'file'>[] {
  const text = readFileSync(file, 'utf8');
  const imports = importedNames(text);
  const tableOfIdent = (ident: string) => sqlNameOf.get(imports.get(ident) ?? ident);
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  const out: Omit<Write, 'file'>[] = [];
  for (const m of text.matchAll(DRIZZLE_WRITE)) {
    const table = tableOfIdent(m[2]!);
    if (table) out.push({ line: lineAt(m.index), table, how: m[0] });
  }
  for (const m of text.matchAll(ROW_HELPER_WRITE)) {
    const table = tableOfIdent(m[2]!);
    if (table) out.push({ line: lineAt(m.index), table, how: m[0] });
  }
  for (const m of text.matchAll(RAW_WRITE)) {
    // `on conflict do update set`, `for update`: no table follows.
    const table = m[2] ? tableOfIdent(m[2]) : m[3]!.toLowerCase();
    if (!table || /^(set|of|skip|nowait)$/i.test(table)) continue;
    out.push({ line: lineAt(m.index), table, how: m[0].replace(/\s+/g, ' ') });
  }
  return out;
}

/**
 * Writes by module code to tables another owner (module or platform) defines. Platform kernels
 * writing a module's table (credentials → `users`) are the kernel's business, not counted here.
 */
export function foreignWrites(src: string): Write[] {
  const files = walk(src).filter((f) => !isTest(f));
  const { ownerOf, sqlNameOf } = tablesOf(src, files);
  const out: Write[] = [];
  for (const file of files) {
    const owner = ownerOfFile(src, file);
    if (!owner || owner === 'platform') continue;
    for (const w of writesOf(file, sqlNameOf)) {
      const tableOwner = ownerOf.get(w.table);
      if (tableOwner && tableOwner !== owner) out.push({ file: path.relative(src, file), ...w });
    }
  }
  return out;
}
