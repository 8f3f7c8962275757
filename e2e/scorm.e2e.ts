/**
 * Issue 10 (SCORM 1.2), browser tier: a courseware manager imports singlescobasic.zip on the
 * preview page, plays it through the package's own buttons, and the server keeps what the SCO
 * reported; opening it again resumes at the saved page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { post } from './support/api';
import { eventually, useBrowser, visible } from './support/browser';
import { loginAdminUI, sessionOf } from './support/flows';
import { scormFixture } from './support/learning';

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
    // The player fits the phone's width.
    const box = (await player.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await page.getByTestId('scorm-catalog').click();
    await page.locator('.ant-select-item-option', { hasText: 'How to Make Friends Playing Golf' }).click();
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
