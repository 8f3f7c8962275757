import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_CODES,
  BUILTIN_TEXT_TRANSLATIONS,
  LANGS,
  LDAP_SYNC_REASONS,
  LEARNING_GROUP_LIFECYCLE,
  LECTURER_CERTIFICATION,
  LECTURER_IMPORT_REASONS,
  LECTURER_LIFECYCLE,
  NOTICE_LIFECYCLE,
  ORG_LIFECYCLE,
  REGISTRATION_LIFECYCLE,
  ROLE_LIFECYCLE,
  USER_LIFECYCLE,
  YEAR_PLAN_LIFECYCLE,
  PERMISSION_ALIASES,
  PERMISSION_TREE,
  TERMINALS,
  USER_IMPORT_REASONS,
  permissionCodes,
} from '@hanlin/shared';
import { catalogues } from './index';

function keys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message catalogues', () => {
  const zh = keys(catalogues['zh-CN']).sort();

  it.each(LANGS.filter((l) => l !== 'zh-CN'))('%s has exactly the zh-CN keys', (lang) => {
    expect(keys(catalogues[lang]).sort()).toEqual(zh);
  });

  it.each(LANGS)('%s has no empty text', (lang) => {
    const flat = keys(catalogues[lang]);
    for (const k of flat) {
      const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], catalogues[lang]);
      expect(typeof v === 'string' && v.trim().length > 0, `${lang} ${k}`).toBe(true);
    }
  });

  it('labels every code of the permission tree, groups, aliases and actions included', () => {
    const perm = catalogues['zh-CN'].perm as Record<string, string>;
    const action = catalogues['zh-CN'].action as Record<string, string>;
    const codes = TERMINALS.flatMap((t) => permissionCodes(PERMISSION_TREE[t], { groups: true }));
    for (const c of [...codes, ...Object.keys(PERMISSION_ALIASES)]) expect(perm[c], c).toBeTruthy();
    for (const c of ALL_PERMISSION_CODES.filter((x) => x.includes(':'))) expect(action[c.split(':')[1]!], c).toBeTruthy();
  });

  it('labels every reason the server gives for a refused import or sync row', () => {
    const zhCat = catalogues['zh-CN'] as Record<string, Record<string, Record<string, string>>>;
    for (const r of Object.keys(USER_IMPORT_REASONS)) expect(zhCat.user!.reason![r], `user ${r}`).toBeTruthy();
    for (const r of Object.keys(LECTURER_IMPORT_REASONS)) expect(zhCat.lecturer!.importReasonText![r], `lecturer ${r}`).toBeTruthy();
    for (const r of LDAP_SYNC_REASONS) expect(zhCat.ldap!.reason![r], `ldap ${r}`).toBeTruthy();
  });

  it.each(LANGS)('%s: built-in rows read the same in the web and in Excel exports', (lang) => {
    for (const [key, text] of Object.entries(BUILTIN_TEXT_TRANSLATIONS))
      expect(
        key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], catalogues[lang]),
        key,
      ).toBe(text[lang]);
  });

  it.each(LANGS)('%s: the import result table and the Excel error file give the same reason texts', (lang) => {
    const cat = catalogues[lang] as Record<string, Record<string, Record<string, string>>>;
    for (const [r, text] of Object.entries(USER_IMPORT_REASONS)) expect(cat.user!.reason![r], `user ${r}`).toBe(text[lang]);
    for (const [r, text] of Object.entries(LECTURER_IMPORT_REASONS)) expect(cat.lecturer!.importReasonText![r], `lecturer ${r}`).toBe(text[lang]);
  });

  it('labels every state and command of the lifecycles (status tags and action buttons)', () => {
    const lifecycles = [
      NOTICE_LIFECYCLE,
      USER_LIFECYCLE,
      ROLE_LIFECYCLE,
      ORG_LIFECYCLE,
      LEARNING_GROUP_LIFECYCLE,
      LECTURER_LIFECYCLE,
      LECTURER_CERTIFICATION,
      REGISTRATION_LIFECYCLE,
      YEAR_PLAN_LIFECYCLE,
    ];
    const zhKeys = new Set(zh);
    for (const l of lifecycles) {
      for (const k of [...Object.values(l.labels.states), ...Object.values(l.labels.commands)] as string[]) expect(zhKeys.has(k), `${l.name} ${k}`).toBe(true);
    }
  });

  it('has every key the code names in a t(…) call (a missing one shows the raw key, e.g. common.yes)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const namespaces = new Set(Object.keys(catalogues['zh-CN']));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const p = path.join(dir, name);
        if (fs.statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !name.includes('.test.')) files.push(p);
      }
    };
    walk(root);
    const missing: string[] = [];
    for (const file of files) {
      // Literal keys in simple calls, both branches of a condition included: t('a.b'), t(x ? 'a.b' : 'a.c', { … }).
      for (const call of fs.readFileSync(file, 'utf8').matchAll(/\bt\(([^()]*)\)/g)) {
        for (const [, key] of call[1]!.matchAll(/'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
          // error.* texts come from the error catalogue (errors.json).
          if (!namespaces.has(key!.split('.')[0]!)) continue;
          const v = key!.split('.').reduce<unknown>((o, p) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[p] : undefined), catalogues['zh-CN']);
          if (typeof v !== 'string') missing.push(`${path.relative(root, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
