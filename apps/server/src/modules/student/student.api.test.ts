import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { PLATFORM_PARAMS_DEFAULTS } from '@hanlin/shared';
import { searchRecords, userCheckins, userExperience } from './student.schema.js';
import { localDay } from './student.service.js';

const t = useTestApp();

const daysAgo = (n: number) => {
  const d = new Date();
  return localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n, 12));
};
async function student() {
  const u = await buildUser(t.db, { permissions: ['kc-pc'] });
  return { id: u.id, s: await login(t.app, u.username, u.password) };
}

describe('student info and daily sign-in', () => {
  it('signs in once a day for the experience the parameter sets (10 by default); a second sign-in changes nothing', async () => {
    const { id, s } = await student();
    expect((await call(t.app, s, '/api/student/info')).json().data).toEqual({ isSigned: false, signDays: 0, exp: 0, nextExp: 100 });
    const first = await call(t.app, s, '/api/student/sign-in');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ isSigned: true, signDays: 1, exp: 10, nextExp: 100 });
    const again = await call(t.app, s, '/api/student/sign-in');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('SIGN_IN_REPEATED');
    expect((await call(t.app, s, '/api/student/info')).json().data).toEqual({ isSigned: true, signDays: 1, exp: 10, nextExp: 100 });
    expect(await t.db.select().from(userCheckins).where(eq(userCheckins.userId, id))).toEqual([{ userId: id, day: daysAgo(0) }]);
  });

  it('counts the streak ending today or yesterday', async () => {
    const { id, s } = await student();
    await t.db.insert(userCheckins).values([daysAgo(1), daysAgo(2), daysAgo(4)].map((day) => ({ userId: id, day })));
    expect((await call(t.app, s, '/api/student/info')).json().data).toMatchObject({ isSigned: false, signDays: 2 });
    expect((await call(t.app, s, '/api/student/sign-in')).json().data).toMatchObject({ isSigned: true, signDays: 3 });

    const lapsed = await student();
    await t.db.insert(userCheckins).values([daysAgo(2), daysAgo(3)].map((day) => ({ userId: lapsed.id, day })));
    expect((await call(t.app, lapsed.s, '/api/student/info')).json().data).toMatchObject({ isSigned: false, signDays: 0 });
    expect((await call(t.app, lapsed.s, '/api/student/sign-in')).json().data).toMatchObject({ signDays: 1 });
  });

  it('reports the next level threshold', async () => {
    const { id, s } = await student();
    await t.db.insert(userExperience).values({ userId: id, exp: 97 });
    expect((await call(t.app, s, '/api/student/sign-in')).json().data).toMatchObject({ exp: 107, nextExp: 300 });
    await t.db.update(userExperience).set({ exp: 2099 }).where(eq(userExperience.userId, id));
    expect((await call(t.app, s, '/api/student/info')).json().data).toMatchObject({ exp: 2099, nextExp: 2100 });
  });

  it('lets exactly one of parallel sign-ins succeed', async () => {
    const { id, s } = await student();
    const results = await Promise.all([1, 2, 3, 4].map(() => call(t.app, s, '/api/student/sign-in')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [row] = await t.db.select().from(userExperience).where(eq(userExperience.userId, id));
    expect(row!.exp).toBe(10);
  });

  it('gives the experience saved on the parameter page', async () => {
    const admin = await login(t.app);
    const save = (v: number) => call(t.app, admin, '/api/settings/params/save', { ...PLATFORM_PARAMS_DEFAULTS, experiencePerSignIn: v });
    expect((await save(25)).statusCode).toBe(200);
    const { s } = await student();
    expect((await call(t.app, s, '/api/student/sign-in')).json().data).toMatchObject({ exp: 25 });
    expect((await save(10)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await call(t.app, null, '/api/student/info')).statusCode).toBe(401);
    expect((await call(t.app, null, '/api/student/sign-in')).statusCode).toBe(401);
  });
});

describe('header search', () => {
  let s: Session;
  let id: number;
  const record = (keyword: string, type = 'course') => call(t.app, s, '/api/student/search-record', { keyword, type });
  it('records each search and ranks hot words and suggestions by how often they were searched', async () => {
    ({ id, s } = await student());
    for (const k of ['Java', 'java', ' JavaScript ', 'Python', 'Java']) expect((await record(k)).statusCode).toBe(200);
    await record('python', 'knowledge');
    // Spec: "add search word (form-encoded, keyword)": a form body with the keyword only is a course search.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/student/search-record',
      headers: { ...s.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ keyword: 'Rust' }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    const mine = await t.db.select({ keyword: searchRecords.keyword, type: searchRecords.type }).from(searchRecords).where(eq(searchRecords.userId, id));
    expect(mine).toHaveLength(7);
    expect(mine.find((r) => r.keyword === 'Rust')).toEqual({ keyword: 'Rust', type: 'course' });
    expect(mine[2]).toEqual({ keyword: 'JavaScript', type: 'course' });
    const hot = (await call(t.app, s, '/api/student/hot-words')).json().data;
    expect(hot.slice(0, 3)).toEqual([
      { word: 'java', total: 3 },
      { word: 'python', total: 2 },
      { word: 'javascript', total: 1 },
    ]);
    expect((await call(t.app, s, '/api/student/search-suggest', { keyword: 'JA' })).json().data).toEqual(['java', 'javascript']);
    expect((await call(t.app, s, '/api/student/search-suggest', { keyword: 'j%' })).json().data).toEqual([]);
  });

  it('hot words follow the parameter hotWordCount', async () => {
    const admin = await login(t.app);
    for (const k of ['a1', 'a2', 'a3']) await record(k);
    await call(t.app, admin, '/api/settings/params/save', { ...PLATFORM_PARAMS_DEFAULTS, hotWordCount: 2 });
    expect((await call(t.app, s, '/api/student/hot-words')).json().data).toHaveLength(2);
    await call(t.app, admin, '/api/settings/params/save', PLATFORM_PARAMS_DEFAULTS);
  });

  it('refuses empty or unknown input and needs a session', async () => {
    expect((await record('   ')).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'keyword' });
    expect((await record('x', 'weather')).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'type' });
    expect((await record('x'.repeat(101))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'keyword' });
    for (const url of ['/api/student/search-record', '/api/student/hot-words', '/api/student/search-suggest']) {
      expect((await call(t.app, null, url, { keyword: 'x', type: 'course' })).statusCode, url).toBe(401);
    }
  });
});
