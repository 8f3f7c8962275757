/**
 * Issue 11 point 4, browser tier: a parameter of the parameters page takes effect where a user
 * meets it. A learner who passes a course gains the experience the page sets (the header's
 * experience ring follows); the page says which parameters wait for modules not built yet.
 */
import { describe, expect, it } from 'vitest';
import type { PlatformParams } from '@hanlin/shared';
import { createActiveStudent, createOrg, loginAdmin, post, uniq } from './support/api';
import { gone, useBrowser, visible } from './support/browser';
import { loginAdminUI, loginUI, sessionOf } from './support/flows';
import { golfCourse, learnGolf } from './support/learning';

describe('parameters take effect', () => {
  const b = useBrowser();

  it('passing a course gives the experience per course of the parameters page', async () => {
    const admin = await loginAdmin();
    const before = await post<PlatformParams>(admin, 'settings/params/get');
    await post(admin, 'settings/params/save', { ...before, experiencePerCourse: 30 });
    try {
      const orgId = await createOrg(admin, { name: uniq('Exp team ') });
      const courseId = await golfCourse(admin, { name: uniq('Exp course '), orgId });
      const stu = await createActiveStudent(admin, 'Exp-12345', { orgId, realname: 'Rui Costa' });

      const { page } = b;
      await loginUI(page, stu.username, 'Exp-12345', 'student');
      const ring = page.getByTestId('sign-in-area').getByTestId('sign-in-exp');
      await visible(ring);
      expect(await ring.getAttribute('data-percent')).toBe('0');

      await page.goto(`/portal/courses/${courseId}`);
      await page.getByTestId('course-start').click();
      await visible(page.getByTestId('learn-page'));
      await learnGolf(page);
      await visible(page.getByTestId('learn-passed'), 30_000);

      expect(await post<{ exp: number }>(await sessionOf(page), 'student/info')).toMatchObject({ exp: 30 });
      // The header reads the student info again on the next page load: 30 of the 100 of the next level.
      await page.reload();
      await visible(page.getByTestId('sign-in-area'));
      await page.waitForFunction(() => document.querySelector('[data-testid=sign-in-exp]')?.getAttribute('data-percent') === '30');
    } finally {
      await post(admin, 'settings/params/save', before);
    }
  });

  it('a course with the anti-cheat pop-up and no interval of its own pops up at the interval of the parameters page', async () => {
    const admin = await loginAdmin();
    const before = await post<PlatformParams>(admin, 'settings/params/get');
    await post(admin, 'settings/params/save', { ...before, antiCheatIntervalSeconds: 3 });
    try {
      const orgId = await createOrg(admin, { name: uniq('Idle team ') });
      const courseId = await golfCourse(admin, { name: uniq('Idle course '), orgId, antiCheat: true });
      const stu = await createActiveStudent(admin, 'Idle-12345', { orgId, realname: 'Rui Costa' });

      const { page } = b;
      await loginUI(page, stu.username, 'Idle-12345', 'student');
      await page.goto(`/portal/courses/${courseId}`);
      await page.getByTestId('course-start').click();
      await visible(page.getByTestId('learn-page'));
      const opened = Date.now();
      // The learning page's data carry the parameter: the pop-up comes about 3 s after opening.
      await visible(page.getByTestId('learn-challenge'), 15_000);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(2_000);
      await page.getByTestId('learn-challenge-ok').click();
      await gone(page.getByTestId('learn-challenge'));
      // Answered: the next one comes an interval later.
      await visible(page.getByTestId('learn-challenge'), 15_000);
    } finally {
      await post(admin, 'settings/params/save', before);
    }
  });

  it('the parameters page says which values wait for the live, Q&A and knowledge modules', async () => {
    const { page } = b;
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await loginAdminUI(page);
    await page.goto('/dashboard/manage-parameter');
    const form = await visible(page.getByTestId('settings-params-page'));
    for (const text of [
      'Takes effect when the live module is available',
      'Takes effect when the community Q&A module is available',
      'Takes effect when the knowledge base module is available',
      'Given once when a learner passes a course',
    ])
      await visible(form.getByText(text));
  });
});
