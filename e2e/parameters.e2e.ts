/**
 * Issue 11 point 4, browser tier: a parameter of the parameters page takes effect where a user
 * meets it. A learner who passes a course gains the experience the page sets (the header's
 * experience ring follows); the page says which parameters wait for modules not built yet.
 */
import { describe, expect, it } from 'vitest';
import type { PlatformParams } from '@hanlin/shared';
import type { Page } from 'playwright-core';
import { createActiveStudent, createOrg, loginAdmin, post, uniq, type Session } from './support/api';
import { gone, useBrowser, visible } from './support/browser';
import { loginAdminUI, loginUI, sessionOf } from './support/flows';
import { golfCourse, learnGolf, startCourse } from './support/learning';

/** Runs `check` with the parameters page's values changed by `change`, then saves the values it had back. */
async function withParams(admin: Session, change: Partial<PlatformParams>, check: () => Promise<void>): Promise<void> {
  const before = await post<PlatformParams>(admin, 'settings/params/get');
  await post(admin, 'settings/params/save', { ...before, ...change });
  try {
    await check();
  } finally {
    await post(admin, 'settings/params/save', before);
  }
}

/** A new student of a new organization, signed in on `page`; answers the id of a new Golf course open to that organization. */
async function signInNewLearner(page: Page, admin: Session, tag: string, course: { antiCheat?: boolean } = {}): Promise<number> {
  const orgId = await createOrg(admin, { name: uniq(`${tag} team `) });
  const courseId = await golfCourse(admin, { name: uniq(`${tag} course `), orgId, ...course });
  const stu = await createActiveStudent(admin, `${tag}-12345`, { orgId, realname: 'Rui Costa' });
  await loginUI(page, stu.username, `${tag}-12345`, 'student');
  return courseId;
}

describe('parameters take effect', () => {
  const b = useBrowser();

  it('passing a course gives the experience per course of the parameters page', async () => {
    const admin = await loginAdmin();
    await withParams(admin, { experiencePerCourse: 30 }, async () => {
      const { page } = b;
      const courseId = await signInNewLearner(page, admin, 'Exp');
      const ring = page.getByTestId('sign-in-area').getByTestId('sign-in-exp');
      await visible(ring);
      expect(await ring.getAttribute('data-percent')).toBe('0');

      await startCourse(page, courseId);
      await learnGolf(page);
      await visible(page.getByTestId('learn-passed'), 30_000);

      expect(await post<{ exp: number }>(await sessionOf(page), 'student/info')).toMatchObject({ exp: 30 });
      // The header reads the student info again on the next page load: 30 of the 100 of the next level.
      await page.reload();
      await visible(page.getByTestId('sign-in-area'));
      await page.waitForFunction(() => document.querySelector('[data-testid=sign-in-exp]')?.getAttribute('data-percent') === '30');
    });
  });

  it('a course with the anti-cheat pop-up and no interval of its own pops up at the interval of the parameters page', async () => {
    const admin = await loginAdmin();
    await withParams(admin, { antiCheatIntervalSeconds: 3 }, async () => {
      const { page } = b;
      await startCourse(page, await signInNewLearner(page, admin, 'Idle', { antiCheat: true }));
      const opened = Date.now();
      // The learning page's data carry the parameter: the pop-up comes about 3 s after opening.
      await visible(page.getByTestId('learn-challenge'), 15_000);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(2_000);
      await page.getByTestId('learn-challenge-ok').click();
      await gone(page.getByTestId('learn-challenge'));
      // Answered: the next one comes an interval later.
      await visible(page.getByTestId('learn-challenge'), 15_000);
    });
  });

  it('the parameters page says which values wait for the live and knowledge modules, and when the Q&A limit is checked', async () => {
    const { page } = b;
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await loginAdminUI(page);
    await page.goto('/dashboard/manage-parameter');
    const form = await visible(page.getByTestId('settings-params-page'));
    for (const text of [
      'Takes effect when the live module is available',
      'How many Q&A entries may be pinned at once (1–9), checked when one is pinned',
      'Takes effect when the knowledge base module is available',
      'Given once when a learner passes a course',
    ])
      await visible(form.getByText(text));
  });
});
