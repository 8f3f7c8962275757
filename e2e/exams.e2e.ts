/**
 * Exam scheduling, browser tier. The papers module is not wired yet (the app bootstrap sets the
 * exam's paper source at merge), so the exams come in through SQL as a paper-backed exam would
 * be stored: an administrator finds a running exam in the list by its state and opens its
 * detail; a student of its audience sees it under "exams" on a 390 px phone, and not one open
 * to another organization. The three steps of add-test are covered by ExamEditPage.test.tsx.
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createActiveStudent, createOrg, loginAdmin, rootOrgId, uniq } from './support/api';
import { useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, loginUI, openMenu } from './support/flows';

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

/** A published exam open to one organization, its start `startMin` minutes from now. */
async function buildExam(name: string, orgId: number, startMin: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into exams (name, status, start_at, end_at, duration, pass_percent, total, attempts, paper_id, org_id, published_at)
     values ($1, 'published', now() + make_interval(mins => $2), now() + make_interval(mins => $2 + 120), 45, 60, 80, 2, 1, $3, now()) returning id`,
    [name, startMin, orgId],
  );
  await db.query(`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ('exam', $1, 'org', $2)`, [rows[0]!.id, orgId]);
  return rows[0]!.id;
}

const PHONE = 390;

describe('exam scheduling', () => {
  const b = useBrowser();

  it('lists a running exam by its state for the administrator and in my exams for its audience, at 390 px', async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const root = await rootOrgId(admin);
    const orgId = await createOrg(admin, { parentId: root, name: uniq('考试部') });
    const otherOrg = await createOrg(admin, { parentId: root, name: uniq('他部') });
    const running = uniq('叉车考试');
    const id = await buildExam(running, orgId, -10);
    const other = uniq('他部考试');
    await buildExam(other, otherOrg, 30);
    // The student first: the administrator's sign-in in the browser ends the API session (one login at a time).
    const stu = await createActiveStudent(admin, 'Exam-1234', { orgId });

    await loginAdminUI(page);
    await openMenu(page, 'group-exam', 'ksgl');
    await waitForPath(page, '/dashboard/manage-test');
    await visible(page.getByTestId('exam-page'));
    await page.goto(`/dashboard/manage-test?keyword=${encodeURIComponent(running)}&status=started`);
    const row = await visible(page.getByTestId('exam-row-name').filter({ hasText: running }));
    await visible(page.getByTestId('exam-status-started').first());
    await row.click();
    await waitForPath(page, '/dashboard/manage-test-detail');
    await visible(page.getByTestId('exam-detail-status-started'));
    expect(page.url()).toContain(`id=${id}`);

    const phone = await b.newUserPage();
    await phone.setViewportSize({ width: PHONE, height: 844 });
    await loginUI(phone, stu.username, 'Exam-1234', 'student');
    await phone.goto('/student-center/exams');
    await visible(phone.getByTestId('my-exams-page'));
    const item = await visible(phone.getByTestId('my-exam-item').filter({ hasText: running }));
    await visible(item.getByTestId('my-exam-status-started'));
    expect(await phone.getByTestId('my-exam-item').filter({ hasText: other }).count()).toBe(0);
    await phone.waitForLoadState('networkidle');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `my exams is ${width}px wide`).toBeLessThanOrEqual(PHONE);
  });
});
