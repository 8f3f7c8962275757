import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { userCheckins, userExperience } from './student.schema.js';
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
  it('signs in once a day for 5 experience; a second sign-in changes nothing', async () => {
    const { id, s } = await student();
    expect((await call(t.app, s, '/api/student/info')).json().data).toEqual({ isSigned: false, signDays: 0, exp: 0, nextExp: 100 });
    const first = await call(t.app, s, '/api/student/sign-in');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ isSigned: true, signDays: 1, exp: 5, nextExp: 100 });
    const again = await call(t.app, s, '/api/student/sign-in');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('SIGN_IN_REPEATED');
    expect((await call(t.app, s, '/api/student/info')).json().data).toEqual({ isSigned: true, signDays: 1, exp: 5, nextExp: 100 });
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
    expect((await call(t.app, s, '/api/student/sign-in')).json().data).toMatchObject({ exp: 102, nextExp: 300 });
    await t.db.update(userExperience).set({ exp: 2099 }).where(eq(userExperience.userId, id));
    expect((await call(t.app, s, '/api/student/info')).json().data).toMatchObject({ exp: 2099, nextExp: 2100 });
  });

  it('lets exactly one of parallel sign-ins succeed', async () => {
    const { id, s } = await student();
    const results = await Promise.all([1, 2, 3, 4].map(() => call(t.app, s, '/api/student/sign-in')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [row] = await t.db.select().from(userExperience).where(eq(userExperience.userId, id));
    expect(row!.exp).toBe(5);
  });

  it('needs a session', async () => {
    expect((await call(t.app, null, '/api/student/info')).statusCode).toBe(401);
    expect((await call(t.app, null, '/api/student/sign-in')).statusCode).toBe(401);
  });
});
