import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The error catalogue (`packages/shared/src/errors.json`) holds every text in three languages. The
 * browser needs one: with `strip`, the web build keeps the Chinese texts (the default language) in the
 * catalogue and serves each other language's texts as `virtual:error-texts/<lang>`, loaded with that
 * language (platform/i18n.ts). Without `strip` (unit tests) only the virtual modules are added.
 */
const CATALOGUE = path.resolve(import.meta.dirname, '../../../packages/shared/src/errors.json');
const VIRTUAL = 'virtual:error-texts/';
/** Column of each language in a catalogue entry `[code, status, zh, en, pt]`. */
const COLUMN: Record<string, number> = { 'en-US': 3, pt: 4 };

type Entry = [number, number, string, string, string];
async function groups(): Promise<Record<string, Record<string, Entry>>> {
  return JSON.parse(await fs.readFile(CATALOGUE, 'utf8'));
}

export function errorTextsByLanguage({ strip }: { strip: boolean }): Plugin {
  return {
    name: 'hanlin-error-texts',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (id.startsWith(`\0${VIRTUAL}`)) {
        const column = COLUMN[id.slice(VIRTUAL.length + 1)];
        if (column === undefined) throw new Error(`no error texts for ${id}`);
        this.addWatchFile(CATALOGUE);
        const texts = Object.fromEntries(Object.values(await groups()).flatMap((g) => Object.entries(g).map(([name, e]) => [name, e[column]])));
        return `export default ${JSON.stringify(texts)};`;
      }
      if (strip && path.resolve(id.split('?')[0]!) === CATALOGUE) {
        const stripped = Object.fromEntries(
          Object.entries(await groups()).map(([g, entries]) => [
            g,
            Object.fromEntries(Object.entries(entries).map(([n, [code, status, zh]]) => [n, [code, status, zh, '', '']])),
          ]),
        );
        return JSON.stringify(stripped);
      }
      return undefined;
    },
  };
}
