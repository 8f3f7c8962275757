/**
 * Learning assignments: an administrator creates an assignment of a published course for an
 * organization, publishes it (its people become learners of the course), and sees each
 * assignee's progress on the progress page. The course and the learning numbers come in through
 * SQL: the course builder and the learning flow are other modules' pages.
 */
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, openMenu } from './support/flows';
import { createOrg, createStudent, loginAdmin, uniq } from './support/api';

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

async function pick(page: Page, text: string) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });
  await visible(option);
  await option.first().click();
}

describe('learning assignments', () => {
  const b = useBrowser();

  it('creates and publishes an assignment for an organization and shows its people’s progress', async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const orgName = uniq('指派部门');
    const orgId = await createOrg(admin, { name: orgName });
    const student = await createStudent(admin, { orgId, realname: uniq('学员') });
    const courseName = uniq('安全课程');
    const { rows } = await db.query<{ id: number }>(`insert into courses (name, status, required) values ($1, 'published', true) returning id`, [courseName]);
    const courseId = rows[0]!.id;
    const title = uniq('春季安全学习');

    await loginAdminUI(page);
    await openMenu(page, 'group-course', 'xxzp');
    await waitForPath(page, '/dashboard/manage-learn-assign');
    await visible(page.getByTestId('assignment-page'));
    await page.getByTestId('crud-add').click();
    await waitForPath(page, '/dashboard/add-learn-assign');

    await page.getByTestId('assignment-title').fill(title);
    const deadline = page.getByTestId('assignment-deadline');
    await deadline.click();
    await deadline.fill('2099-06-30 18:00:00');
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();

    await page.getByTestId('assignment-courses-search').click();
    await page.keyboard.type(courseName.slice(-8));
    await pick(page, courseName);
    await visible(page.getByTestId(`assignment-courses-item-${courseId}`));

    await page.getByTestId('assignment-audience-search').click();
    await page.keyboard.type(orgName.slice(-8));
    await pick(page, orgName);
    await visible(page.getByTestId(`assignment-audience-tag-org-${orgId}`));

    await page.getByTestId('assignment-submit-publish').click();
    await waitForPath(page, '/dashboard/manage-learn-assign');
    const row = page.locator('tr').filter({ hasText: title });
    await visible(row.getByTestId('assignment-status-published'));

    // The organization's student is now a learner of the course, through the assignment.
    const learner = await eventually(async () => {
      const r = await db.query<{ source: string }>('select source from course_learners where course_id = $1 and user_id = $2', [courseId, student.id]);
      if (!r.rows[0]) throw new Error('not a learner yet');
      return r.rows[0];
    });
    expect(learner.source).toBe('assignment');
    await db.query(`update course_learners set progress = 40, learned_seconds = 900 where course_id = $1 and user_id = $2`, [courseId, student.id]);

    await row.getByTestId('assignment-view-progress').click();
    await waitForPath(page, '/dashboard/view-learn-assign');
    await visible(page.getByTestId('assignment-progress-title').filter({ hasText: title }));
    const assignee = page.locator('tr').filter({ hasText: student.username });
    await visible(assignee);
    await visible(assignee.getByTestId('assignee-progress').filter({ hasText: '40%' }));
    await expect(assignee.textContent()).resolves.toContain('0:15:00');
  });
});
