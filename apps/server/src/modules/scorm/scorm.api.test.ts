import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/excel.js';
import { useTestApp, login, call, ok, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { buildZip, manifest12 } from '../../test/scorm.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/scorm');
const fixture = (name: string) => fs.readFileSync(path.join(fs.existsSync(FIXTURES) ? FIXTURES : '/work/shared/fixtures/scorm', name));

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

const upload = (s: Session | null, data: Buffer, filename = 'package.zip') => uploadFile(t.app, s, '/api/scorm/import', filename, data);
async function imported(data: Buffer, s: Session = admin) {
  const res = await upload(s, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; title: string; catalog: Catalog[]; scos: { id: string; href: string; masteryScore: number | null }[] };
}
interface Catalog {
  id: string;
  title: string;
  launchable: boolean;
  children: Catalog[];
}
function expectRefused(res: Awaited<ReturnType<typeof upload>>, reason: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().msg).toBe('SCORM_PARSE_FAILED');
  expect(res.json().data.reason).toBe(reason);
}
const simplePackage = (extra: { name: string; data: string }[] = []) =>
  buildZip([{ name: 'imsmanifest.xml', data: manifest12() }, { name: 'index.html', data: '<html><body>Lesson</body></html>' }, ...extra]);

/** A GET on the content listener (the launch URL is absolute, on the content origin). */
const content = (url: string, headers: Record<string, string> = {}) => {
  const u = new URL(url, 'http://localhost:8081');
  return t.app.contentApp.inject({ method: 'GET', url: u.pathname + u.search, headers });
};
const learner = (permissions: string[] = ['kc-pc']) => newUserSession(t, { permissions });
const launch = (s: Session, body: Record<string, unknown>) => ok(t.app, s, '/api/scorm/launch', body);
/** A commit's or finish's body: `values` for SCO i1 in the preview session `sessionId` of the package. */
const previewValues = (packageId: number, sessionId: string, values: Record<string, string>) => ({ packageId, contextKey: 'preview', scoId: 'i1', sessionId, values });

describe('importing the fixture packages', () => {
  it('imports singlescobasic.zip with its one SCO and serves its launch page', async () => {
    const pkg = await imported(fixture('singlescobasic.zip'));
    expect(pkg.title).toBe('Golf Explained - Run-time Basic Calls');
    expect(pkg.scos).toHaveLength(1);
    expect(pkg.scos[0]!.href).toBe('shared/launchpage.html');
    const l = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    expect(l.cmi.core.entry).toBe('ab-initio');
    // On the content origin (the next port by default), never the app's.
    expect(new URL(l.contentUrl).origin).toBe('http://localhost:8081');
    const page = await content(l.contentUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html');
    // The package's page gets the SCORM API first in its head, its doctype still first.
    expect(page.body).toMatch(/^<!DOCTYPE html[^>]*>\s*<html[^>]*>\s*<head><script src="\/_hanlin\/scorm-api.js"><\/script>/);
    // Framed by the app's origin only, sandboxed as the player's frame is (also when opened alone), scripts of the package allowed inline.
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'self' http://localhost:8080;");
    expect(l.sandbox).toBe('allow-scripts allow-forms allow-popups allow-modals allow-same-origin');
    expect(csp).toContain(`sandbox ${l.sandbox}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("'unsafe-inline'");
    expect(page.headers['set-cookie']).toBeUndefined();
    // Relative URLs of the page resolve beside it, same token.
    const css = await content(l.contentUrl.replace('shared/launchpage.html', 'shared/style.css'));
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).not.toContain('scorm-api.js');
    const img = await content(l.contentUrl.replace('shared/launchpage.html', 'shared/background.jpg'));
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('imports singlesco_scorm12.zip', async () => {
    const pkg = await imported(fixture('singlesco_scorm12.zip'));
    expect(pkg.scos.length).toBe(1);
  });

  it('imports RuntimeMinimumCalls_SCORM12-mini.zip with its nested catalog and nine SCOs', async () => {
    const pkg = await imported(fixture('RuntimeMinimumCalls_SCORM12-mini.zip'));
    expect(pkg.scos).toHaveLength(9);
    expect(pkg.catalog.map((n) => n.title)).toEqual(['Playing the Game', 'Having Fun']);
    expect(pkg.catalog[0]!.launchable).toBe(false);
    expect(pkg.catalog[0]!.children.map((n) => n.title)).toContain('Playing Golf Quiz');
    // Item parameters are appended to the launch file.
    expect(pkg.scos.find((s) => s.id === 'playing_quiz_item')!.href).toMatch(/\?questions=Playing$/);
    // Each SCO launches on its own, by id.
    const l = await launch(admin, { packageId: pkg.id, contextKey: 'preview', scoId: 'havingfun_makefriends_item' });
    expect(l.contentUrl).toMatch(/HavingFun\/MakeFriends\.html$/);
    expect((await content(l.contentUrl)).statusCode).toBe(200);
  });

  it('refuses singlescobasic_missingorg.zip: no organization', async () => {
    expectRefused(await upload(admin, fixture('singlescobasic_missingorg.zip')), 'no_organization');
  });
  it('refuses badscorm.zip: the manifest sits in a subfolder', async () => {
    const res = await upload(admin, fixture('badscorm.zip'));
    expectRefused(res, 'manifest_in_subfolder');
    expect(res.json().data.detail).toBe('badscorm/');
  });
  it('refuses invalid.zip: no manifest', async () => {
    expectRefused(await upload(admin, fixture('invalid.zip')), 'manifest_missing');
  });
  it('refuses a SCORM 2004 package', async () => {
    expectRefused(await upload(admin, fixture('RuntimeBasicCalls_SCORM20043rdEdition.zip')), 'scorm_2004');
  });
});

describe('manifests by the SCORM 1.2 CAM', () => {
  it('reads any namespace prefix, a BOM, xml:base and prerequisites without trouble', async () => {
    const xml = manifest12({
      prefix: 'scorm',
      items: `<item identifier="i1" identifierref="r1" parameters="?a=1"><title>One</title><scorm:prerequisites type="aicc_script">i0</scorm:prerequisites><scorm:datafromlms>hello</scorm:datafromlms></item>`,
      resources: `<resource identifier="r1" type="webcontent" scorm:scormtype="sco" xml:base="content/" href="start page.html"><file href="start page.html"/><dependency identifierref="r2"/></resource><resource identifier="r2" type="webcontent" scorm:scormtype="asset"><file href="content/a.js"/></resource>`,
    });
    const pkg = await imported(
      buildZip([
        { name: 'imsmanifest.xml', data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]) },
        { name: 'content/start page.html', data: '<html>x</html>', deflate: true },
      ]),
    );
    expect(pkg.scos[0]!.href).toBe('content/start page.html?a=1');
    const l = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    expect(l.cmi.launch_data).toBe('hello');
    const page = await content(l.contentUrl);
    expect(page.statusCode).toBe(200);
  });

  it('reads a manifest in UTF-16 with a Chinese title', async () => {
    const xml = manifest12({ items: `<item identifier="i1" identifierref="r1"><title>第一课</title></item>` }).replace('UTF-8', 'UTF-16');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const pkg = await imported(
      buildZip([
        { name: 'imsmanifest.xml', data: utf16 },
        { name: 'index.html', data: 'x' },
      ]),
    );
    expect(pkg.scos[0]!.id).toBe('i1');
    expect(pkg.catalog[0]!.title).toBe('第一课');
  });

  it('shows an empty heading (an item with no resource and no children) without launching it', async () => {
    const xml = manifest12({ items: `<item identifier="h"><title>Coming soon</title></item><item identifier="i1" identifierref="r1"><title>One</title></item>` });
    const pkg = await imported(
      buildZip([
        { name: 'imsmanifest.xml', data: xml },
        { name: 'index.html', data: 'x' },
      ]),
    );
    expect(pkg.catalog.map((n) => [n.title, n.launchable])).toEqual([
      ['Coming soon', false],
      ['One', true],
    ]);
    expect(pkg.scos.map((s) => s.id)).toEqual(['i1']);
  });

  it('refuses an item pointing at no resource, a launch file missing and a broken manifest', async () => {
    const noRes = manifest12({ items: `<item identifier="i1" identifierref="nope"><title>Lost</title></item>` });
    expectRefused(
      await upload(
        admin,
        buildZip([
          { name: 'imsmanifest.xml', data: noRes },
          { name: 'index.html', data: 'x' },
        ]),
      ),
      'item_without_resource',
    );
    expectRefused(await upload(admin, buildZip([{ name: 'imsmanifest.xml', data: manifest12() }])), 'launch_missing');
    expectRefused(await upload(admin, buildZip([{ name: 'imsmanifest.xml', data: '<manifest><organizations>' }])), 'manifest_invalid');
  });

  it('refuses an AICC course and a file that is not a zip', async () => {
    expectRefused(
      await upload(
        admin,
        buildZip([
          { name: 'course.crs', data: 'x' },
          { name: 'course.au', data: 'x' },
        ]),
      ),
      'aicc',
    );
    expectRefused(await upload(admin, crypto.randomBytes(2000)), 'zip_broken');
  });
});

describe('unsafe zips are refused before anything is unpacked', () => {
  it.each([['../evil.html'], ['/etc/evil.html'], ['C:/evil.html'], ['a\\..\\evil.html'], ['a/../../evil.html']])('refuses the path %s', async (name) => {
    const res = await upload(admin, simplePackage([{ name, data: 'x' }]));
    expectRefused(res, 'unsafe_path');
  });

  it('refuses a symbolic link', async () => {
    const res = await upload(
      admin,
      buildZip([
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: '/etc/passwd', symlink: true },
      ]),
    );
    expectRefused(res, 'symlink');
  });

  it('refuses a bomb by its pack ratio and a directory claiming more than the total cap', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const ratio = buildZip([
      { name: 'imsmanifest.xml', data: manifest12() },
      { name: 'index.html', data: 'x' },
      { name: 'zeros.bin', data: zeros, deflate: true },
    ]);
    expectRefused(await upload(admin, ratio), 'too_large');
    // Each entry packs below the ratio cap, all together they claim more than 1 GB.
    const noise = crypto.randomBytes(4_200_000);
    const claims = buildZip([
      { name: 'imsmanifest.xml', data: manifest12() },
      { name: 'index.html', data: 'x' },
      ...Array.from({ length: 3 }, (_, i) => ({ name: `big${i}.bin`, data: noise, deflate: true, declaredSize: 400 * 1024 * 1024 })),
    ]);
    expectRefused(await upload(admin, claims), 'too_large');
  });

  it('refuses an entry that unpacks to more than its directory says', async () => {
    const res = await upload(
      admin,
      buildZip([
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: Buffer.alloc(5000, 65), deflate: true, declaredSize: 100 },
      ]),
    );
    expectRefused(res, 'zip_broken');
  });

  it('refuses a zip with too many entries', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, data: '' }));
    expectRefused(await upload(admin, buildZip([{ name: 'imsmanifest.xml', data: manifest12() }, { name: 'index.html', data: 'x' }, ...many])), 'too_many_files');
  });
});

describe('run-time data', () => {
  it('stores a commit, resumes on the next launch (entry=resume) and adds session times up', async () => {
    const pkg = await imported(simplePackage());
    const me = await learner(['kjgl']);
    const first = await launch(me, { packageId: pkg.id, contextKey: 'preview' });
    expect(first.cmi.core).toMatchObject({ entry: 'ab-initio', lesson_status: 'not attempted', total_time: '0000:00:00.00', lesson_location: '' });
    const commit = (url: string, sessionId: string, values: Record<string, string>) => call(t.app, me, url, previewValues(pkg.id, sessionId, values));
    let res = await commit('/api/scorm/commit', first.sessionId, {
      lesson_status: 'incomplete',
      lesson_location: 'page-3',
      suspend_data: 'abc'.repeat(1000),
      session_time: '00:10:00',
      exit: 'suspend',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The same session committed again with a longer time counts once.
    res = await commit('/api/scorm/commit', first.sessionId, { session_time: '00:30:30.5' });
    expect(res.json().data.totalTime).toBe('0000:30:30.50');

    const second = await launch(me, { packageId: pkg.id, contextKey: 'preview' });
    expect(second.cmi.core).toMatchObject({ entry: 'resume', lesson_location: 'page-3', lesson_status: 'incomplete', total_time: '0000:30:30.50' });
    expect(second.cmi.suspend_data).toBe('abc'.repeat(1000));
    res = await commit('/api/scorm/finish', second.sessionId, {
      lesson_status: 'completed',
      score_raw: '85',
      score_min: '0',
      score_max: '100',
      session_time: '0001:45:00',
      exit: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Mastery score 80 with a raw score of 85: passed.
    expect(res.json().data).toMatchObject({ lessonStatus: 'passed', scoreRaw: 85, totalTime: '0002:15:30.50' });

    const progress = await call(t.app, me, '/api/scorm/progress', { packageId: pkg.id, contextKey: 'preview' });
    expect(progress.json().data).toMatchObject({ completed: true, passed: true });
    // Another context keeps its own data.
    const other = await launch(me, { packageId: pkg.id, contextKey: 'course:7' });
    expect(other.cmi.core).toMatchObject({ entry: 'ab-initio', lesson_location: '' });
  });

  it('marks a SCO that finishes without a status completed', async () => {
    const pkg = await imported(
      buildZip([
        { name: 'imsmanifest.xml', data: manifest12({ items: '<item identifier="i1" identifierref="r1"><title>x</title></item>' }) },
        { name: 'index.html', data: 'x' },
      ]),
    );
    const l = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    const res = await call(t.app, admin, '/api/scorm/finish', previewValues(pkg.id, l.sessionId, { lesson_status: 'not attempted' }));
    expect(res.json().data.lessonStatus).toBe('completed');
  });

  it('stores a commit of only score.raw, and refuses a commit on a finished session with a state error, keeping the data', async () => {
    const pkg = await imported(simplePackage());
    const me = await learner(['kjgl']);
    const l = await launch(me, { packageId: pkg.id, contextKey: 'preview' });
    const body = (values: Record<string, string>) => previewValues(pkg.id, l.sessionId, values);
    // Only a score, no session time: stored (LMSCommit may carry any subset of the data).
    let res = await call(t.app, me, '/api/scorm/commit', body({ score_raw: '40' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ scoreRaw: 40 });
    res = await call(t.app, me, '/api/scorm/finish', body({ lesson_status: 'completed', score_raw: '85', session_time: '00:05:00' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lessonStatus: 'passed', scoreRaw: 85, totalTime: '0000:05:00.00' });
    // After LMSFinish the session is closed (SCORM 1.2: a commit then is "not initialized").
    for (const url of ['/api/scorm/commit', '/api/scorm/finish']) {
      res = await call(t.app, me, url, body({ score_raw: '10' }));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().msg).toBe('STATE_TRANSITION_INVALID');
    }
    const again = await launch(me, { packageId: pkg.id, contextKey: 'preview' });
    expect(again.states[0]).toMatchObject({ lessonStatus: 'passed', scoreRaw: 85, totalTime: '0000:05:00.00' });
    // A new launch is a new session that takes commits again.
    res = await call(t.app, me, '/api/scorm/commit', { ...body({ score_raw: '95' }), sessionId: again.sessionId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lessonStatus: 'passed', scoreRaw: 95 });
  });

  it.each([
    ['lesson_status', 'done'],
    ['score_raw', '101'],
    ['score_raw', 'abc'],
    ['score_min', '-1'],
    ['session_time', '10:00'],
    ['session_time', '00:61:00'],
    ['exit', 'bye'],
    ['lesson_location', 'x'.repeat(256)],
    ['suspend_data', 'x'.repeat(4097)],
  ])('refuses a bad %s naming it, and stores nothing of the commit', async (field, value) => {
    const pkg = await imported(simplePackage());
    const l = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    const res = await call(t.app, admin, '/api/scorm/commit', previewValues(pkg.id, l.sessionId, { lesson_location: 'kept-out', [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('PARAMETER_INVALID');
    expect(res.json().field).toContain(field);
    const again = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    expect(again.cmi.core.lesson_location).toBe('');
  });

  it('keeps two tabs consistent: parallel commits of two sessions add both session times', async () => {
    const pkg = await imported(simplePackage());
    const a = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    const b = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    const body = (sessionId: string, t2: string) => previewValues(pkg.id, sessionId, { session_time: t2, lesson_status: 'incomplete' });
    const results = await Promise.all([
      call(t.app, admin, '/api/scorm/commit', body(a.sessionId, '00:01:00')),
      call(t.app, admin, '/api/scorm/commit', body(b.sessionId, '00:02:00')),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const again = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    expect(again.cmi.core.total_time).toBe('0000:03:00.00');
  });
});

describe('who may launch, commit and read content', () => {
  it('lets the uploader and courseware managers launch; others get not found, and cannot use another’s session or token', async () => {
    const pkg = await imported(simplePackage());
    const owner = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    const stranger = await learner();
    const res = await call(t.app, stranger, '/api/scorm/launch', { packageId: pkg.id, contextKey: 'preview' });
    expect(res.statusCode).toBe(404);
    // A write into the owner's session.
    const intrusion = previewValues(pkg.id, owner.sessionId, { lesson_status: 'failed' });
    const commit = await call(t.app, stranger, '/api/scorm/commit', intrusion);
    expect(commit.statusCode).toBe(404);
    const progress = await call(t.app, stranger, '/api/scorm/progress', { packageId: pkg.id, contextKey: 'preview' });
    expect(progress.statusCode).toBe(404);

    // A manager may launch, but not write into the admin's session.
    const manager = await learner(['kjgl']);
    await launch(manager, { packageId: pkg.id, contextKey: 'preview' });
    const foreign = await call(t.app, manager, '/api/scorm/commit', intrusion);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('sessionId');
    const mine = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    expect(mine.cmi.core.lesson_status).toBe('not attempted');

    // Content tokens: bound to the package and user, not forgeable.
    const other = await imported(simplePackage());
    const [, pkgId, token] = /\/scorm\/(\d+)\/([^/]+)\//.exec(owner.contentUrl)!;
    expect(Number(pkgId)).toBe(pkg.id);
    expect((await content(`/scorm/${other.id}/${token}/index.html`)).statusCode).toBe(404);
    expect((await content(`/scorm/${other.id}/${token}/imsmanifest.xml`)).statusCode).toBe(404);
    const forged = token!.replace(/^\d+/, String(stranger.id));
    expect((await content(`/scorm/${pkg.id}/${forged}/index.html`)).statusCode).toBe(404);
    expect((await content(`/scorm/${pkg.id}/${token}/imsmanifest.xml`)).statusCode).toBe(200);
    expect((await content(`/scorm/${pkg.id}/${token}/missing.html`)).statusCode).toBe(404);
  });

  it('serves package files only on the content origin, by the launch token alone: no session token or cookie is needed or taken', async () => {
    const pkg = await imported(simplePackage());
    const l = await launch(admin, { packageId: pkg.id, contextKey: 'preview' });
    const [, , token] = /\/scorm\/(\d+)\/([^/]+)\//.exec(l.contentUrl)!;
    // The app's origin no longer serves package files.
    const onApp = await t.app.inject({ method: 'GET', url: `/api/scorm/content/${pkg.id}/${token}/index.html` });
    expect(onApp.statusCode).toBe(404);
    expect(onApp.body).not.toContain('Lesson');
    // The session token opens nothing there: not in the path, not as a header, not as a cookie.
    const session = { ...admin.headers(), cookie: `token=${admin.access_token}` };
    expect((await content(`/scorm/${pkg.id}/${admin.access_token}/index.html`, session)).statusCode).toBe(404);
    expect((await content(`/scorm/${pkg.id}/x/index.html`, session)).statusCode).toBe(404);
    const page = await content(l.contentUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lesson');
    expect(page.headers['access-control-allow-origin']).toBe('*');
    // Nothing of the app answers on the content origin.
    for (const url of ['/api/scorm/list', '/api/health', '/', '/index.html']) {
      const res = await t.app.contentApp.inject({ method: 'GET', url, headers: session });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.app.contentApp.inject({ method: 'POST', url: '/api/scorm/list', headers: session, payload: {} })).statusCode).toBe(404);
    // The app's own policy lets it frame the content origin and nothing else new.
    const appPage = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(appPage.headers['content-security-policy']).toMatch(/frame-src 'self' blob: http:\/\/localhost:8081/);
  });

  it('serves the API script of package pages: scorm-again and the bridge to the player', async () => {
    const res = await t.app.contentApp.inject({ method: 'GET', url: '/_hanlin/scorm-api.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain('this.Scorm12API=');
    expect(res.body).toContain('hanlin-scorm:');
  });

  it('shows courseware managers only packages of organizations in their data scope', async () => {
    const pkg = await imported(simplePackage());
    const branch = await buildOrg(t.db, { name: `branch-${crypto.randomUUID().slice(0, 8)}` });
    const u = await buildUser(t.db, { permissions: ['kjgl', 'kjgl:add'], orgId: branch.id });
    const branchManager = await login(t.app, u.username, u.password);
    const listed = (await call(t.app, branchManager, '/api/scorm/list')).json().data as { id: number }[];
    expect(listed.map((p) => p.id)).not.toContain(pkg.id);
    expect((await call(t.app, branchManager, '/api/scorm/launch', { packageId: pkg.id, contextKey: 'preview' })).statusCode).toBe(404);
    // Their own import is theirs; the administrator (whole tree) sees it too.
    const own = await imported(simplePackage(), branchManager);
    expect(((await call(t.app, branchManager, '/api/scorm/list')).json().data as { id: number }[]).map((p) => p.id)).toContain(own.id);
    expect(((await call(t.app, admin, '/api/scorm/list')).json().data as { id: number }[]).map((p) => p.id)).toContain(own.id);
  });

  it('refuses the import without kjgl:add', async () => {
    const s = await learner(['kjgl']);
    const res = await upload(s, simplePackage());
    expect(res.statusCode).toBe(403);
  });
});
