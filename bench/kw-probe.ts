import { loginHeaders } from './support.js';
const base = 'http://127.0.0.1:18080';
const h = await loginHeaders(base, 'admin', 'Bench-1234');
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const r = await fetch(`${base}/api/user/list`, { method: 'POST', headers: h, body: JSON.stringify({ page: 1, size: 20, keyword: 'zhangfang1' }) });
  const j: any = await r.json();
  console.log(r.status, j.data?.total, (performance.now() - t).toFixed(1));
}
