/**
 * Issue 10 (SCORM 1.2), browser tier: a courseware manager imports singlescobasic.zip on the
 * preview page, plays it through the package's own buttons, and the server keeps what the SCO
 * reported; opening it again resumes at the saved page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { post } from './support/api';
import { eventually, useBrowser, visible } from './support/browser';
import { loginAdminUI, pickOption, sessionOf } from './support/flows';
import { scormFixture } from './support/learning';
import { buildZip, manifest12 } from '../apps/server/src/test/scorm';

/**
 * A hostile package: its page tries the app's storage, cookies and API with whatever it can find,
 * then drives the SCORM runtime (errors 301/401/403/404/405, set and get, commit); a frame of its
 * own reads the API through its parent as SCOs do; #finish calls LMSFinish. It writes what it got
 * into #probe.
 */
const HOSTILE_PAGE = `<!DOCTYPE html><html><head><title>Probe</title><script>
var out = { steal: {}, run: {} };
function grab(name, f) { try { out.steal[name] = f(); } catch (e) { out.steal[name] = 'blocked ' + e.name; } }
grab('localStorage', function () { return JSON.stringify(localStorage); });
grab('cookie', function () { return document.cookie; });
grab('parentStorage', function () { return JSON.stringify(parent.localStorage); });
grab('parentCookie', function () { return parent.document.cookie; });
grab('topApi', function () { return String(top.API); });
var api = window.API, r = out.run;
r.early = api.LMSGetValue('cmi.core.student_name') + '|' + api.LMSGetLastError();
r.init = api.LMSInitialize('');
r.entry = api.LMSGetValue('cmi.core.entry');
r.location = api.LMSGetValue('cmi.core.lesson_location');
r.suspend = api.LMSGetValue('cmi.suspend_data');
api.LMSGetValue('cmi.core.nonsense'); r.e401 = api.LMSGetLastError();
api.LMSSetValue('cmi.core.student_id', 'x'); r.e403 = api.LMSGetLastError();
api.LMSGetValue('cmi.core.exit'); r.e404 = api.LMSGetLastError();
api.LMSSetValue('cmi.core.score.raw', 'abc'); r.e405 = api.LMSGetLastError();
api.LMSSetValue('cmi.core.lesson_location', 'page-7');
api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
api.LMSSetValue('cmi.core.exit', 'suspend');
api.LMSSetValue('cmi.suspend_data', 'S1');
r.got = api.LMSGetValue('cmi.core.lesson_location');
r.commit = api.LMSCommit('');
var app = location.ancestorOrigins && location.ancestorOrigins[0];
var token = location.pathname.split('/')[3];
function attempt(name, url, init) {
  return fetch(url, init).then(function (res) { return res.status; }, function (e) { return 'blocked ' + e.name; }).then(function (v) { out.steal[name] = v; });
}
var init = { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: '{}', credentials: 'include' };
Promise.all([attempt('relativeApi', '/api/user/info', init), attempt('appApi', app + '/api/user/info', init), attempt('appHealth', app + '/api/health', {})]).then(function () {
  document.getElementById('probe').textContent = JSON.stringify(out);
});
function finish() { document.getElementById('finished').textContent = api.LMSFinish(''); }
</script></head><body><pre id="probe"></pre><button id="finish" onclick="finish()">Finish</button><span id="finished"></span>
<iframe id="child" src="child.html"></iframe></body></html>`;
const CHILD_PAGE = `<!DOCTYPE html><html><body><span id="child-saw"></span><script>
var v; try { v = parent.API.LMSGetValue('cmi.core.lesson_location'); } catch (e) { v = 'blocked ' + e.name; }
document.getElementById('child-saw').textContent = v;
</script></body></html>`;
const hostilePackage = () =>
  buildZip([
    { name: 'imsmanifest.xml', data: manifest12() },
    { name: 'index.html', data: HOSTILE_PAGE },
    { name: 'child.html', data: CHILD_PAGE },
  ]);

interface Probe {
  steal: Record<string, string | number>;
  run: Record<string, string>;
}
/** What the hostile package's page wrote into #probe once its attempts settled. */
async function probeOf(page: Page): Promise<Probe> {
  const text = await eventually(async () => {
    const t = await page.frameLocator('[data-testid=scorm-frame]').locator('#probe').textContent({ timeout: 2000 });
    if (!t) throw new Error('probe not written yet');
    return t;
  });
  return JSON.parse(text) as Probe;
}

/** Signs in as the administrator and imports a package of the fixtures on the SCORM preview page. */
async function importPackage(page: Page, name = 'singlescobasic.zip') {
  await openPreview(page);
  await page.getByTestId('scorm-preview-page').locator('input[type=file]').setInputFiles(scormFixture(name));
}

async function openPreview(page: Page) {
  await loginAdminUI(page);
  await page.goto('/dashboard/scorm-preview');
  await visible(page.getByTestId('scorm-preview-page'));
}

/** Imports the Golf package (singlescobasic.zip) and answers its player's frame once the package's Next button shows. */
async function playGolf(page: Page) {
  // The package asks "resume?" and "save your progress?" with confirm(): a learner says yes.
  page.on('dialog', (d) => void d.accept());
  await importPackage(page);
  const sco = page.frameLocator('[data-testid=scorm-frame]');
  await visible(sco.locator('#butNext'));
  return sco;
}

interface Progress {
  scos: { scoId: string; lessonStatus: string; totalSeconds: number }[];
  completed: boolean;
}

describe('SCORM 1.2 player', () => {
  const b = useBrowser();

  it('imports a package, plays it through its own UI, stores its status and resumes where the learner left', async () => {
    const { page } = b;
    const sco = await playGolf(page);
    await sco.locator('#butNext').click();
    await sco.locator('#butNext').click();
    await visible(sco.locator('#contentFrame[src*="Scoring.html"]'));
    await sco.locator('#butExit').click();

    const session = await sessionOf(page);
    const [pkg] = await post<{ id: number; title: string }[]>(session, 'scorm/list');
    expect(pkg!.title).toBe('Golf Explained - Run-time Basic Calls');
    const progress = await eventually(async () => {
      const p = await post<Progress>(session, 'scorm/progress', { packageId: pkg!.id, contextKey: 'preview' });
      if (p.scos[0]!.lessonStatus !== 'incomplete') throw new Error(`status ${p.scos[0]!.lessonStatus}`);
      return p;
    });
    expect(progress.completed).toBe(false);
    // The status the server stored is what the player shows.
    await visible(page.getByTestId('scorm-status').filter({ hasText: '未完成' }));

    // Another visit (a reload, as on another browser): the SCO resumes at the saved page.
    await page.reload();
    await visible(page.getByTestId('scorm-preview-page'));
    await page.getByTestId('scorm-play').first().click();
    const again = page.frameLocator('[data-testid=scorm-frame]');
    await visible(again.locator('#contentFrame[src*="Scoring.html"]'));
  });

  it('plays a multi-SCO package at phone width: the catalog above the content, every SCO reachable', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await importPackage(page, 'RuntimeMinimumCalls_SCORM12-mini.zip');
    const player = page.getByTestId('scorm-player');
    await visible(player);
    const frame = page.locator('[data-testid=scorm-frame]');
    await visible(frame);
    expect(await frame.getAttribute('src')).toContain('Playing/Playing.html');
    // The SCO calls LMSInitialize from its load event (after its picture): the learner reads it before moving on.
    const firstSco = await eventually(async () => {
      const f = page.frames().find((x) => x.url().includes('Playing/Playing.html'));
      if (!f) throw new Error('the first SCO has no frame yet');
      return f;
    });
    await firstSco.waitForLoadState('load');
    // The player fits the phone's width.
    const box = (await player.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await page.getByTestId('scorm-catalog').click();
    await pickOption(page, 'How to Make Friends Playing Golf');
    await eventually(async () => {
      const src = await page.locator('[data-testid=scorm-frame]').getAttribute('src');
      if (!src?.includes('HavingFun/MakeFriends.html')) throw new Error(`frame at ${src}`);
    });
    // Leaving the first SCO ran its LMSFinish: without a status of its own it counts as completed.
    const session = await sessionOf(page);
    const [pkg] = await post<{ id: number }[]>(session, 'scorm/list');
    await eventually(async () => {
      const p = await post<Progress>(session, 'scorm/progress', { packageId: pkg!.id, contextKey: 'preview' });
      const first = p.scos.find((s) => s.scoId === 'playing_playing_item');
      if (first?.lessonStatus !== 'completed') throw new Error(`status ${first?.lessonStatus}`);
    });
  });

  it('runs a hostile package on the content origin: it reads no token or cookie of the app, calls no API, and the runtime still works', async () => {
    const { page } = b;
    await openPreview(page);
    const appStorage = await page.evaluate(() => Object.values(localStorage).join('\n'));
    const session = await sessionOf(page);
    expect(appStorage).toContain(session.token);
    await page.getByTestId('scorm-preview-page').locator('input[type=file]').setInputFiles({ name: 'hostile.zip', mimeType: 'application/zip', buffer: hostilePackage() });
    const frame = page.locator('[data-testid=scorm-frame]');
    await visible(frame);
    // Another origin than the app's.
    expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin);

    const first = await probeOf(page);
    const stolen = JSON.stringify(first.steal);
    expect(stolen).not.toContain(session.token);
    expect(first.steal.localStorage).toBe('{}');
    expect(first.steal.cookie).toBe('');
    expect(first.steal.parentStorage).toBe('blocked SecurityError');
    expect(first.steal.parentCookie).toBe('blocked SecurityError');
    expect(first.steal.topApi).toBe('blocked SecurityError');
    // The content origin has no API; the app's is out of reach (the content's policy allows no connection there).
    expect(first.steal.relativeApi).toBe(404);
    expect(first.steal.appApi).toBe('blocked TypeError');
    expect(first.steal.appHealth).toBe('blocked TypeError');

    // The SCORM 1.2 runtime, answered at once by the page's own API.
    expect(first.run).toMatchObject({
      early: '|301',
      init: 'true',
      entry: 'ab-initio',
      location: '',
      e401: '401',
      e403: '403',
      e404: '404',
      e405: '405',
      got: 'page-7',
      commit: 'true',
    });
    // A frame of the package finds the API through its parent.
    await visible(page.frameLocator('[data-testid=scorm-frame]').frameLocator('#child').locator('#child-saw', { hasText: 'page-7' }));
    const pkg = (await post<{ id: number; fileName: string }[]>(session, 'scorm/list')).find((p) => p.fileName === 'hostile.zip');
    await eventually(async () => {
      const p = await post<Progress>(session, 'scorm/progress', { packageId: pkg!.id, contextKey: 'preview' });
      if (p.scos[0]!.lessonStatus !== 'incomplete') throw new Error(`status ${p.scos[0]!.lessonStatus}`);
    });
    await page.frameLocator('[data-testid=scorm-frame]').locator('#finish').click();
    await visible(page.frameLocator('[data-testid=scorm-frame]').locator('#finished', { hasText: 'true' }));

    // Launched again: it resumes with what it stored.
    await page.reload();
    await visible(page.getByTestId('scorm-preview-page'));
    await page.getByTestId('scorm-package').filter({ hasText: 'hostile.zip' }).getByTestId('scorm-play').click();
    const again = await probeOf(page);
    expect(again.run).toMatchObject({ init: 'true', entry: 'resume', location: 'page-7', suspend: 'S1' });
  });

  it('a learner who closes the tab resumes where they left, in another browser', async () => {
    const { page } = b;
    const sco = await playGolf(page);
    for (let i = 0; i < 3; i++) await sco.locator('#butNext').click();
    await visible(sco.locator('#contentFrame[src*="OtherScoring.html"]'));
    // Closed without pressing anything of the player: the SCO's unload handler finishes the session.
    await page.close({ runBeforeUnload: true });

    const other = await b.newUserPage();
    other.on('dialog', (d) => void d.accept());
    await openPreview(other);
    await other.getByTestId('scorm-play').first().click();
    await visible(other.frameLocator('[data-testid=scorm-frame]').locator('#contentFrame[src*="OtherScoring.html"]'));
  });
});
