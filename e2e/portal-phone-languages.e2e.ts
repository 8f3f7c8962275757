/**
 * Issue 11 point 21 in the other languages: the student portal at 390 px in en-US and pt fits
 * the phone on every page and shows no Chinese interface text (the data of the test are Latin).
 * Each page leaves a screenshot in e2e/artifacts/phone-<lang>-<page>.png for the walk by eye.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActiveStudent, createOrg, loginAdmin, releaseBanner, uniq } from './support/api';
import { useBrowser, visible, waitForPath } from './support/browser';
import { loginUI } from './support/flows';
import { golfCourse } from './support/learning';

const PHONE = 390;
/** The suffix uniq() gives a test record's name: Date.now() in base 36 and four hex digits. */
const UNIQ_TOKEN = /(?<![0-9a-z])[0-9a-z]{8}[0-9a-f]{4}(?![0-9a-z])/;
const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
/** Fits the phone and shows no Chinese text; a screenshot either way. */
async function walk(page: Page, lang: string, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // Measured before the screenshot: a full-page shot stretches the viewport to the page's height for a moment, and the
  // carousel re-measures its slides on that resize.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.screenshot({ path: path.join(ARTIFACTS, `phone-${lang}-${what}.png`), fullPage: true });
  expect(width, `${lang} ${what} is ${width}px wide`).toBeLessThanOrEqual(PHONE);
  const chinese = (await page.evaluate(() => (document.body.innerText.match(/[^\n]*[\u3400-\u9fff][^\n]*/g) ?? []).map((l) => l.trim())))
    // Records other test files made (notices published to everyone, named by uniq()) are data, not interface text.
    .filter((l) => !UNIQ_TOKEN.test(l));
  expect(chinese, `${lang} ${what}: Chinese text`).toEqual([]);
}

describe('student portal on a 390 px phone in English and Portuguese', () => {
  const b = useBrowser();

  for (const lang of ['en-US', 'pt'] as const) {
    it(`every portal page fits 390 px and speaks ${lang}`, async () => {
      const admin = await loginAdmin();
      const orgId = await createOrg(admin, { name: uniq('Phone team ') });
      const name = uniq('Phone course ');
      const courseId = await golfCourse(admin, { name, orgId });
      const stu = await createActiveStudent(admin, 'Phone-1234', { orgId, realname: 'Ana Lima' });
      // Two banners on the home page: a sliding carousel, whose track (slides and clones side by side) is wider than the phone.
      await releaseBanner(admin, uniq('Phone banner A '));
      await releaseBanner(admin, uniq('Phone banner B '));

      const { page } = b;
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.setViewportSize({ width: PHONE, height: 844 });
      await loginUI(page, stu.username, 'Phone-1234', 'student');
      await visible(page.getByTestId('portal-notices'));
      await walk(page, lang, 'home');

      await page.getByTestId('portal-menu-button').click();
      await visible(page.getByTestId('portal-drawer-courses'));
      await walk(page, lang, 'menu');
      await page.keyboard.press('Escape');

      await page.goto(`/portal/courses?keyword=${encodeURIComponent(name)}`);
      const card = await visible(page.getByTestId('course-card'));
      await walk(page, lang, 'courses');
      await card.getByTestId('course-card-link').click();
      await waitForPath(page, `/portal/courses/${courseId}`);
      await visible(page.getByTestId('course-detail-page'));
      await walk(page, lang, 'course-detail');
      await page.getByTestId('course-start').click();
      await visible(page.getByTestId('learn-page'));
      await walk(page, lang, 'learn');

      for (const [url, ready, what] of [
        ['/student-center/my-courses', 'my-courses-page', 'my-courses'],
        ['/student-center/certificates', 'my-certificates-page', 'certificates'],
        ['/student-center/messages', 'my-messages-page', 'messages'],
        ['/center/person-center/profile', 'profile-form', 'profile'],
      ] as const) {
        await page.goto(url);
        await visible(page.getByTestId(ready));
        await walk(page, lang, what);
      }
    });
  }
});
