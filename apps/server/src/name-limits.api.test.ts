import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from './test/harness.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

/** Spec §5: "many names are limited to 30 or 200 characters": short names 30, titles 200. */
describe('name limits', () => {
  const cases: { url: string; field: string; max: number; body: (v: string) => Record<string, unknown> }[] = [
    { url: '/api/role/insert', field: 'name', max: 30, body: (name) => ({ name, permissions: [] }) },
    { url: '/api/label-category/insert', field: 'name', max: 30, body: (name) => ({ name, kind: 'course' }) },
    { url: '/api/dict-type/insert', field: 'name', max: 30, body: (name) => ({ code: `c${name.length}`, name }) },
    { url: '/api/app-version/insert', field: 'version', max: 30, body: (version) => ({ version, description: 'd', terminal: 'android', platform: 'student' }) },
    // A paper's name is a title, like an exam's.
    { url: '/api/paper/insert', field: 'name', max: 200, body: (name) => ({ name, kind: 'fixed' }) },
    {
      url: '/api/notice/insert',
      field: 'title',
      max: 200,
      body: (title) => ({ title, type: 'announcement', content: '<p>x</p>', displayTime: new Date(Date.now() + 3_600_000).toISOString() }),
    },
  ];
  for (const c of cases)
    it(`${c.url} takes a ${c.field} of ${c.max} characters and refuses ${c.max + 1}`, async () => {
      const over = await call(t.app, admin, c.url, c.body('a'.repeat(c.max + 1)));
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: c.field });
      const at = await call(t.app, admin, c.url, c.body('a'.repeat(c.max)));
      expect(at.statusCode, at.body).toBe(200);
    });
});
