/**
 * What the browser downloads before a page is usable: the JavaScript bytes as transferred
 * (compressed when the server compresses) on a cold load of the login page, of the student
 * portal (session stored, empty HTTP cache) and of the management home, in Chromium against
 * the built web app (`npm run build` first). Budget: login page and student portal at most
 * 300 KB of compressed JavaScript each.
 * Run: npm run bench:bundle   (DATABASE_URL optional; CHROMIUM_PATH, default /usr/bin/chromium)
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { ADMIN_PASSWORD, loginHeaders, startBenchServer } from './support.js';

const BUDGET_KB = 300;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Figure {
  files: number;
  /** Bytes on the wire (body as sent: compressed when Content-Encoding is set). */
  transferred: number;
  /** Bytes after decoding. */
  decoded: number;
  encodings: Set<string>;
  list: { name: string; transferred: number; decoded: number }[];
}

/** Records every .js response of the page and its transferred and decoded size. */
function recordScripts(page: Page): () => Promise<Figure> {
  const pending: Promise<void>[] = [];
  const fig: Figure = { files: 0, transferred: 0, decoded: 0, encodings: new Set(), list: [] };
  page.on('requestfinished', (req) => {
    if (!new URL(req.url()).pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        const res = await req.response();
        if (!res) return;
        const sizes = await req.sizes();
        const body = await res.body().catch(() => Buffer.alloc(0));
        fig.files += 1;
        fig.transferred += sizes.responseBodySize;
        fig.decoded += body.length;
        fig.encodings.add((await res.headerValue('content-encoding')) ?? 'identity');
        fig.list.push({ name: new URL(req.url()).pathname, transferred: sizes.responseBodySize, decoded: body.length });
      })(),
    );
  });
  return async () => {
    await Promise.all(pending);
    return fig;
  };
}

async function measure(context: BrowserContext, path: string, ready: string): Promise<Figure> {
  const page = await context.newPage();
  const done = recordScripts(page);
  await page.goto(path);
  await page.getByTestId(ready).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const fig = await done();
  await page.close();
  return fig;
}

const kb = (n: number) => (n / 1024).toFixed(1);
function print(title: string, f: Figure, budget?: number) {
  const verdict = budget === undefined ? '' : f.transferred <= budget * 1024 ? `  (within ${budget} KB)` : `  (OVER ${budget} KB)`;
  console.log(
    `  ${title.padEnd(34)} ${String(f.files).padStart(3)} JS files  ${kb(f.transferred).padStart(8)} KB transferred  ${kb(f.decoded).padStart(8)} KB decoded  [${[...f.encodings].join(', ')}]${verdict}`,
  );
  // VERBOSE=1: every file, largest first.
  if (process.env.VERBOSE) {
    for (const x of f.list.sort((a, b) => b.transferred - a.transferred)) console.log(`      ${kb(x.transferred).padStart(7)} KB  ${kb(x.decoded).padStart(7)} KB  ${x.name}`);
  }
}

const index = `${loadConfig().webDist}/index.html`;
if (!fs.existsSync(index)) throw new Error(`${index} is missing: run \`npm run build\` first`);

const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  // A student who has already changed the first-login password: the admin's hash, first_login off.
  const admin = await loginHeaders(server.base, 'admin', ADMIN_PASSWORD);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.base}/api/${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; data: any };
    if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const [root] = (await post('org/tree', {})) as { id: number }[];
  await post('student-user/insert', { username: 'benchstu', realname: '基准学员', cardNumber: 'SBENCH1', orgId: root!.id });
  await server.db.execute(sql`
    update users set first_login = false, password_hash = (select password_hash from users where username = 'admin')
     where username = 'benchstu'`);

  const fresh = () => browser.newContext({ baseURL: server.base, viewport: { width: 1440, height: 900 } });
  const signIn = async (username: string, entry: 'manage' | 'student', landing: string) => {
    const context = await fresh();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId(`login-tab-${entry}`).click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId(landing).first().waitFor({ state: 'visible' });
    const state = await context.storageState();
    await context.close();
    return state;
  };

  console.log(`\nJavaScript per cold page load (${server.base}, budget ${BUDGET_KB} KB compressed)`);
  const loginCtx = await fresh();
  const login = await measure(loginCtx, '/', 'login-form');
  await loginCtx.close();
  print('login page /', login, BUDGET_KB);

  // Signed in already, empty HTTP cache: what a returning student's browser fetches.
  const student = await browser.newContext({ baseURL: server.base, storageState: await signIn('benchstu', 'student', 'portal-notices') });
  const portal = await measure(student, '/portal', 'portal-notices');
  await student.close();
  print('student portal /portal', portal, BUDGET_KB);

  const manager = await browser.newContext({ baseURL: server.base, storageState: await signIn('admin', 'manage', 'manage-index') });
  const dashboard = await measure(manager, '/dashboard/manage-index', 'manage-index');
  await manager.close();
  print('management home (for reference)', dashboard);

  // Over budget: a failing exit code, for whoever runs this in a pipeline.
  if (login.transferred > BUDGET_KB * 1024 || portal.transferred > BUDGET_KB * 1024) process.exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
