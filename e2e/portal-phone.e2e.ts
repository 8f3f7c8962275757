/**
 * Issue 11 point 21, browser tier at a 390 × 844 viewport: every student portal page fits the
 * phone (no horizontal scroll), the menu button opens the portal sections in a drawer and
 * navigates, "Mine" opens on my courses and the student-center menu is a drawer; the personal
 * center saves the name.
 */
import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActiveStudent, createOrg, loginAdmin, post, uniq, uploadFile } from './support/api';
import { eventually, gone, useBrowser, visible, waitForPath } from './support/browser';
import { loginUI } from './support/flows';
import { scormFixture } from './support/learning';

/** A published course with one SCORM item open to one organization, straight in the tables. */
async function buildCourse(name: string, orgId: number, coursewareId: number): Promise<number> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      `insert into courses (name, status, credit, pass_progress, intro, published_at) values ($1, 'published', 1, 100, '<p>A long introduction line</p>', now()) returning id`,
      [name],
    );
    const courseId = rows[0]!.id;
    const ch = await db.query<{ id: number }>(`insert into course_chapters (course_id, name, sort) values ($1, '第一章', 0) returning id`, [courseId]);
    await db.query(`insert into course_items (chapter_id, courseware_id, sort) values ($1, $2, 0)`, [ch.rows[0]!.id, coursewareId]);
    await db.query(`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ('course', $1, 'org', $2)`, [courseId, orgId]);
    return courseId;
  } finally {
    await db.end();
  }
}

const PHONE = 390;

/** No horizontal scroll: the document is no wider than the phone. */
async function fitsPhone(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width}px wide`).toBeLessThanOrEqual(PHONE);
}

async function studentOnPhone(page: Page, orgId?: number): Promise<{ id: number; username: string }> {
  const admin = await loginAdmin();
  const stu = await createActiveStudent(admin, 'Phone-1234', orgId ? { orgId } : {});
  await page.setViewportSize({ width: PHONE, height: 844 });
  await loginUI(page, stu.username, 'Phone-1234', 'student');
  return stu;
}

describe('student portal on a 390 px phone', () => {
  const b = useBrowser();

  it('every portal page fits 390 px without horizontal scroll', async () => {
    const admin = await loginAdmin();
    const orgId = await createOrg(admin, { name: uniq('手机部') });
    const scormId = (
      await post<{ id: number }>(admin, 'courseware/insert', {
        name: uniq('高尔夫'),
        type: 'scorm',
        file: (await uploadFile(admin, { filename: 'golf.zip', data: fs.readFileSync(scormFixture('singlescobasic.zip')), kind: 'courseware' })).url,
      })
    ).id;
    const name = uniq('手机课程');
    const courseId = await buildCourse(name, orgId, scormId);

    const { page } = b;
    await studentOnPhone(page, orgId);
    await visible(page.getByTestId('portal-notices'));
    // Nothing started yet: each home box says what to do, with a link there.
    for (const box of ['home-courses', 'home-assignments', 'home-exams']) await visible(page.getByTestId(`${box}-empty-action`));
    await fitsPhone(page, 'home');
    // The header: menu button, search icon, bell and avatar are there; the horizontal menu is not.
    for (const id of ['portal-menu-button', 'search-toggle', 'message-bell', 'header-avatar']) await visible(page.getByTestId(id));
    expect(await page.getByTestId('portal-menu').isVisible()).toBe(false);

    // The search icon opens the search bar under the header, still within the phone.
    await page.getByTestId('search-toggle').click();
    const input = await visible(page.locator('[data-testid=search-input] input, input[data-testid=search-input]').first());
    const box = (await input.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
    await fitsPhone(page, 'home with the search open');
    await page.getByTestId('search-toggle').click();

    await page.goto(`/portal/courses?keyword=${encodeURIComponent(name)}`);
    const card = await visible(page.getByTestId('course-card'));
    await fitsPhone(page, 'courses');
    await card.getByTestId('course-card-link').click();
    await waitForPath(page, `/portal/courses/${courseId}`);
    await visible(page.getByTestId('course-detail-page'));
    await fitsPhone(page, 'course detail');
    await page.getByTestId('course-start').click();
    await visible(page.getByTestId('learn-page'));
    await fitsPhone(page, 'learning page');
    // Back home, the course is in progress there and leads back to it.
    await page.goto('/portal');
    await (await visible(page.getByTestId('home-courses-item').filter({ hasText: name }))).getByRole('link').click();
    await waitForPath(page, `/portal/courses/${courseId}`);

    for (const [url, ready] of [
      ['/portal/textbooks', 'app-header'],
      ['/student-center/messages', 'my-messages-page'],
      ['/student-center/my-courses', 'my-courses-page'],
      ['/student-center/certificates', 'my-certificates-page'],
      ['/center/person-center/profile', 'profile-form'],
    ] as const) {
      await page.goto(url);
      await visible(page.getByTestId(ready));
      await fitsPhone(page, url);
    }
  });

  it('the menu button opens the sections in a drawer; Mine opens my courses and the student-center menu is a drawer', async () => {
    const { page } = b;
    await studentOnPhone(page);
    await visible(page.getByTestId('portal-menu-button'));

    /** Opens a drawer by its button, picks an item and waits for the page; the drawer closes. */
    const pick = async (button: string, item: string, pathname: string, ready: string) => {
      await page.getByTestId(button).click();
      await (await visible(page.getByTestId(item))).click();
      await waitForPath(page, pathname);
      await visible(page.getByTestId(ready));
      await gone(page.getByTestId(item));
    };
    await pick('portal-menu-button', 'portal-drawer-courses', '/portal/courses', 'course-list-page');
    await pick('portal-menu-button', 'portal-drawer-mine', '/student-center/my-courses', 'my-courses-page');
    // The side menu is folded into a button at phone width.
    expect(await page.getByTestId('student-center-menu').isVisible()).toBe(false);
    await fitsPhone(page, 'my courses');
    await pick('student-center-menu-button', 'center-drawer-certificates', '/student-center/certificates', 'my-certificates-page');
    await pick('student-center-menu-button', 'center-drawer-__profile', '/center/person-center/profile', 'profile-form');
    // The person centre's header has the same menu button: back to the portal's sections from there.
    await pick('portal-menu-button', 'portal-drawer-courses', '/portal/courses', 'course-list-page');
  });

  it('the personal center saves name, phone and e-mail through the profile API', async () => {
    const { page } = b;
    const stu = await studentOnPhone(page);
    await page.goto('/center/person-center');
    await waitForPath(page, '/center/person-center/profile');
    const newName = uniq('新名');
    const phone = String(Date.now()).slice(-11);
    await page.getByTestId('profile-realname').fill(newName);
    await page.getByTestId('profile-phone').fill(phone);
    await page.getByTestId('profile-email').fill(`${uniq('m')}@example.com`);
    await page.getByTestId('profile-save').click();
    const admin = await loginAdmin();
    await eventually(async () => {
      const me = await post<{ realname: string; phone: string | null }>(admin, 'student-user/get', { id: stu.id });
      expect(me.realname).toBe(newName);
      expect(me.phone).toBe(phone);
    });
    // The header shows the new name at once (its text is hidden at phone width, not gone).
    await eventually(async () => expect(await page.getByTestId('header-username').getAttribute('title')).toBe(newName));
  });
});
