/**
 * Course reports and assignment progress over 1,000,000 learner rows (100,000 people × 10 of 200
 * courses): time of each report page and export as an administrator of the whole company and as
 * one of a department (a subtree scope). Prints median and worst of RUNS calls per request.
 * Run: npm run bench:course-reports   (DATABASE_URL optional; USERS, RUNS)
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { recountLearnerTotals } from '../apps/server/src/modules/learning/index.js';
import { startBenchServer, loginHeaders, ADMIN_PASSWORD } from './support.js';

const USERS = Number(process.env.USERS ?? 100_000);
const COURSES = 200;
const PER_USER = 10;
const RUNS = Number(process.env.RUNS ?? 5);
const server = await startBenchServer();
try {
  const t0 = Date.now();
  await server.db.execute(sql`insert into organizations (parent_id, name, path, depth) select 1, 'Bench dept ' || g, '', 2 from generate_series(1, 50) g`);
  await server.db.execute(sql`update organizations set path = '/1/' || id || '/' where parent_id = 1`);
  await server.db.execute(sql`
    insert into users (username, realname, kind, org_id, password_hash, first_login)
    select 'u' || g, '学员' || g, 'employee', (select id from organizations where parent_id = 1 order by id offset (g % 50) limit 1), 'x', false
      from generate_series(1, ${USERS}) g`);
  // The courses belong to the first department, whose administrator reports on them too.
  await server.db.execute(
    sql`insert into courses (name, status, credit, org_id) select 'Bench course ' || g, 'published', g % 5, (select id from organizations where parent_id = 1 order by id limit 1) from generate_series(1, ${COURSES}) g`,
  );
  await server.db.execute(sql`
    insert into course_learners (course_id, user_id, source, status, progress, learned_seconds, credit_awarded, started_at, last_learned_at, passed_at)
    select c.id, u.id, 'self', case when (u.id + k) % 3 = 0 then 'passed' else 'learning' end, case when (u.id + k) % 3 = 0 then 100 else (u.id * 7 + k) % 100 end,
           (u.id * 13 + k * 31) % 7200, case when (u.id + k) % 3 = 0 then 2 else 0 end,
           now() - ((u.id + k) % 300) * interval '1 day', now() - ((u.id + k) % 200) * interval '1 day',
           case when (u.id + k) % 3 = 0 then now() - ((u.id + k) % 100) * interval '1 day' end
      from users u cross join generate_series(0, ${PER_USER - 1}) k
      join courses c on c.id = (select min(id) from courses) + ((u.id * 7 + k * 13) % ${COURSES})
     where u.username like 'u%'
    on conflict do nothing`);
  // An assignment of 5 courses to one department, published (its people assigned).
  await server.db.execute(sql`
    with a as (insert into learn_assignments (title, deadline, status, org_id) values ('Bench assignment', now() + interval '30 days', 'published', 1) returning id),
         c as (insert into learn_assignment_courses (assignment_id, course_id, required, sort) select a.id, c.id, c.id % 2 = 0, c.id from a, (select id from courses order by id limit 5) c returning assignment_id)
    insert into learn_assignment_users (assignment_id, user_id)
    select (select id from a), u.id from users u where u.org_id = (select id from organizations where parent_id = 1 order by id limit 1)`);
  // Learner rows seeded straight into the table: their people's totals as the learning module keeps them.
  await recountLearnerTotals(server.db);
  await server.db.execute(sql`vacuum analyze`);
  const [{ n }] = (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from course_learners`)).rows as [{ n: number }];
  console.log(`seeded ${USERS} users, ${n} learner rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const hash = await hashPassword(ADMIN_PASSWORD);
  await server.db.execute(sql`
    with r as (insert into roles (name, permissions) values ('bench reports', array['bbtj','bbtj:export','kctj','kctj:export','xxzp','xxzp:export']) returning id),
         d as (select id from organizations where parent_id = 1 order by id limit 1),
         u as (insert into users (username, realname, kind, org_id, password_hash, first_login) select 'deptadmin', '部门管理员', 'employee', d.id, ${hash}, false from d returning id, org_id),
         ur as (insert into user_roles (user_id, role_id) select u.id, r.id from u, r)
    insert into user_data_scopes (user_id, org_id) select id, org_id from u`);
  const sessions = { admin: await loginHeaders(server.base, 'admin', ADMIN_PASSWORD), dept: await loginHeaders(server.base, 'deptadmin', ADMIN_PASSWORD) };
  const { rows: ids } = await server.db.execute<{ course: number; user: number; assignment: number }>(
    sql`select (select min(id) from courses) as course, (select min(id) from users where username like 'u%') as "user", (select id from learn_assignments limit 1) as assignment`,
  );
  const { course, user, assignment } = ids[0]!;
  const calls: [string, string, Record<string, unknown>][] = [
    ['study report, first page', '/api/report/study', {}],
    ['study report, by name', '/api/report/study', { keyword: '学员777' }],
    ['study report, last 30 days', '/api/report/study', { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }],
    ['study report, by learning time (totals)', '/api/report/study', { sort: '-learnedSeconds' }],
    ['study report, last 30 days by credits', '/api/report/study', { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), sort: '-credits' }],
    ['person report', '/api/report/person', { userId: user }],
    ['course report', '/api/report/course', {}],
    ['course info, first page', '/api/report/course-info', { courseId: course }],
    ['assignment progress', '/api/learn-assign/progress', { id: assignment }],
    ['assignment progress, overdue filter', '/api/learn-assign/progress', { id: assignment, state: 'undone', page: 5 }],
    ['course report export', '/api/report/course/export', {}],
    ['course info export', '/api/report/course-info/export', { courseId: course }],
  ];
  for (const who of ['admin', 'dept'] as const) {
    for (const [label, url, body] of calls) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await fetch(`${server.base}${url}`, { method: 'POST', headers: sessions[who], body: JSON.stringify(body) });
        await res.arrayBuffer();
        status = res.status;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${who.padEnd(6)} ${label.padEnd(40)} ${status}  median ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(5)} ms  worst ${times.at(-1)!.toFixed(0).padStart(5)} ms`,
      );
    }
  }
} finally {
  await server.close();
}
