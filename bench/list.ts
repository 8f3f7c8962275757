/**
 * Paged user list over 100,000 seeded users (target on 2 cores: p99 under 30 ms).
 * Run: npm run bench:list   (DATABASE_URL optional; DURATION seconds, CONNECTIONS; PER_BODY=1 adds one run per request body)
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/platform/auth/password.js';
import { startBenchServer, loginHeaders, printResult, printCpu, cpuSnapshot, ADMIN_PASSWORD } from './support.js';

const USERS = Number(process.env.USERS ?? 100_000);
const server = await startBenchServer();
try {
  const t0 = Date.now();
  await server.db.execute(sql`
    insert into organizations (parent_id, name, path, depth)
    select 1, 'Bench dept ' || g, '', 2 from generate_series(1, 50) g`);
  await server.db.execute(sql`update organizations set path = '/1/' || id || '/' where parent_id = 1`);
  // Names as a company has them: pinyin user names and Chinese real names from common surnames
  // and given names (a shared prefix on every row would defeat any text index).
  await server.db.execute(sql`
    with s(i, py, zh) as (select * from unnest(
           array[0,1,2,3,4,5,6,7,8,9,10,11],
           array['wang','li','zhang','liu','chen','yang','huang','zhao','wu','zhou','xu','sun'],
           array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙'])),
         n(i, py, zh) as (select * from unnest(
           array[0,1,2,3,4,5,6,7,8,9,10,11,12,13],
           array['wei','fang','na','min','jing','li','qiang','lei','jun','yang','yong','yan','jie','tao'],
           array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','涛']))
    insert into users (username, realname, card_number, phone, email, kind, org_id, password_hash, first_login)
    select s.py || n.py || g, s.zh || n.zh || (g % 97), 'E' || lpad(g::text, 8, '0'), '1' || lpad(g::text, 10, '0'),
           s.py || n.py || g || '@example.com',
           case when g % 5 = 0 then 'student' else 'employee' end,
           (select id from organizations where parent_id = 1 order by id offset (g % 50) limit 1), 'x', false
      from generate_series(1, ${USERS}) g
      join s on s.i = g % 12
      join n on n.i = (g / 12) % 14`);
  // Steady state, as a live database is: vacuumed and analyzed, so autovacuum does not run during the measurement.
  await server.db.execute(sql`vacuum analyze`);
  await server.db.execute(sql`checkpoint`);
  console.log(`seeded ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const headers = await loginHeaders(server.base, 'admin', ADMIN_PASSWORD);
  // A department administrator: user management over one of the 50 departments (a subtree scope).
  const deptAdminHash = await hashPassword(ADMIN_PASSWORD);
  await server.db.execute(sql`
    with r as (insert into roles (name, permissions) values ('bench dept admin', array['yhgl']) returning id),
         d as (select id from organizations where parent_id = 1 order by id limit 1),
         u as (insert into users (username, realname, kind, org_id, password_hash, first_login)
               select 'deptadmin', '部门管理员', 'employee', d.id, ${deptAdminHash}, false from d returning id, org_id),
         ur as (insert into user_roles (user_id, role_id) select u.id, r.id from u, r)
    insert into user_data_scopes (user_id, org_id) select id, org_id from u`);
  const deptHeaders = await loginHeaders(server.base, 'deptadmin', ADMIN_PASSWORD);
  const duration = Number(process.env.DURATION ?? 15);
  const connections = Number(process.env.CONNECTIONS ?? 10);
  const bodies = [
    { page: 1, size: 20 },
    { page: 50, size: 20 },
    { page: 1, size: 20, sort: 'username' },
    { page: 3, size: 50, status: 'normal', kind: 'employee' },
    { page: 1, size: 20, keyword: 'zhangfang1' },
  ];
  async function run(title: string, chosen: typeof bodies, seconds: number, as = headers) {
    const cpu0 = cpuSnapshot();
    const result = await autocannon({
      url: `${server.base}/api/user/list`,
      connections,
      duration: seconds,
      // The load generator runs in its own thread so it does not share the server's event loop.
      workers: 1,
      requests: chosen.map((b) => ({ method: 'POST', headers: as, body: JSON.stringify(b) })),
    });
    printResult(title, result);
    printCpu(cpu0, cpuSnapshot(), result.requests.total);
    const mem = process.memoryUsage();
    console.log(`  memory MiB (server and load generator in one process): rss ${(mem.rss / 2 ** 20).toFixed(0)}  heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)}`);
  }
  await run(`POST /api/user/list over ${USERS} users, mixed bodies, ${connections} connections, ${duration} s`, bodies, duration);
  if (process.env.PER_BODY) {
    for (const b of bodies) await run(`  only ${JSON.stringify(b)}`, [b], 5);
    await run('  only {"page":1,"size":20} as a department administrator (one department of 50)', [{ page: 1, size: 20 }], 5, deptHeaders);
    await run('  only {"page":5,"size":20,"sort":"username"} as that department administrator', [{ page: 5, size: 20, sort: 'username' }], 5, deptHeaders);
  }
} finally {
  await server.close();
}
