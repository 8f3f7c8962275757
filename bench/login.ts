/**
 * Login throughput: RSA-OAEP decryption + argon2id verification + session write per call,
 * cycling over 200 accounts (one account logging in from 10 connections at once would only
 * measure the single-sign-on row lock on its own sessions).
 * Run: npm run bench:login   (DATABASE_URL optional; DURATION seconds, CONNECTIONS)
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { startBenchServer, encryptedPassword, printResult, printCpu, cpuSnapshot, ADMIN_PASSWORD } from './support.js';

const ACCOUNTS = 200;
const server = await startBenchServer();
try {
  // Every bench account shares the administrator's password hash and roles.
  await server.db.execute(sql`
    insert into users (username, realname, org_id, password_hash, first_login)
    select 'login' || g, 'Login ' || g, u.org_id, u.password_hash, false
      from generate_series(1, ${ACCOUNTS}) g, users u where u.username = 'admin'`);
  await server.db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, ur.role_id from users u, user_roles ur join users a on a.id = ur.user_id and a.username = 'admin'
     where u.username like 'login%'`);
  const password = await encryptedPassword(server.base, ADMIN_PASSWORD);
  const duration = Number(process.env.DURATION ?? 15);
  const connections = Number(process.env.CONNECTIONS ?? 10);
  const cpu0 = cpuSnapshot();
  const result = await autocannon({
    url: `${server.base}/api/auth/oauth/token`,
    connections,
    duration,
    // The load generator runs in its own thread so it does not share the server's event loop.
    workers: 1,
    requests: Array.from({ length: ACCOUNTS }, (_, i) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `login${i + 1}`, password, grant_type: 'password', scope: 'server' }),
    })),
  });
  printResult(`POST /api/auth/oauth/token over ${ACCOUNTS} accounts, ${connections} connections, ${duration} s`, result);
  printCpu(cpu0, cpuSnapshot(), result.requests.total);
} finally {
  await server.close();
}
