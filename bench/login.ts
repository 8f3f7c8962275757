/**
 * Login throughput: RSA decryption + argon2id verification + session write per call.
 * Run: npm run bench:login   (DATABASE_URL optional; DURATION seconds, CONNECTIONS)
 */
import autocannon from 'autocannon';
import { startBenchServer, encryptedPassword, printResult, ADMIN_PASSWORD } from './support.js';

const server = await startBenchServer();
try {
  const password = await encryptedPassword(server.base, ADMIN_PASSWORD);
  const duration = Number(process.env.DURATION ?? 15);
  const connections = Number(process.env.CONNECTIONS ?? 10);
  const result = await autocannon({
    url: `${server.base}/api/auth/oauth/token`,
    method: 'POST',
    connections,
    duration,
    // The load generator runs in its own thread so it does not share the server's event loop.
    workers: 1,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, grant_type: 'password', scope: 'server' }),
  });
  printResult(`POST /api/auth/oauth/token, ${connections} connections, ${duration} s`, result);
} finally {
  await server.close();
}
