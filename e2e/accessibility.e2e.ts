/**
 * WCAG 2.1 A and AA (issue 19, accessibility): axe-core over the pages a student walks (login,
 * portal home, course list, course detail, learning page, my exams, the answer page and its
 * submit dialog) and over the management home and its main lists. Any serious or critical
 * violation fails the test, every page's findings printed together. No rule is switched off;
 * frames (SCORM packages, user content on their own origin) are not ours and are not entered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createActiveStudent, createOrg, loginAdmin, releaseBanner, releaseNotice, uniq } from './support/api';
import { AxeReport } from './support/axe';
import { useBrowser, visible, waitForPath } from './support/browser';
import { openExam } from './support/exams';
import { loginAdminUI, loginUI } from './support/flows';
import { golfCourse, startCourse } from './support/learning';

const PASSWORD = 'Axe-12345';

/** Management lists by route, each ready when its table (or tree) has rendered. */
const MANAGE_LISTS = [
  'manage-user',
  'manage-student',
  'manage-affiliation',
  'manage-role',
  'manage-course',
  'manage-courseware',
  'manage-questions',
  'manage-test-paper',
  'manage-test',
  'manage-notice',
];

async function openList(page: Page, route: string) {
  await page.goto(`/dashboard/${route}`);
  await visible(page.locator('.ant-table-tbody .ant-table-row, .ant-table-tbody .ant-empty, .ant-tree-treenode:not([aria-hidden])'));
}

describe('accessibility (axe, WCAG 2.1 AA)', () => {
  const b = useBrowser();

  it('the login page and a student’s pages, from the portal home to the answer page, have no serious or critical violation', async () => {
    const admin = await loginAdmin();
    const orgId = await createOrg(admin, { name: uniq('Axe Dept ') });
    const courseId = await golfCourse(admin, { name: uniq('Axe course '), orgId });
    const exam = await openExam(admin, orgId, 'Axe exam ');
    const student = await createActiveStudent(admin, PASSWORD, { orgId, realname: 'Ada Axe' });
    // A message for everyone: the header bell shows its count.
    await releaseNotice(admin, uniq('Axe notice '));
    // Two banners: the carousel slides (with its clones of the slides, hidden from assistive technology).
    await releaseBanner(admin, uniq('Axe banner A '));
    await releaseBanner(admin, uniq('Axe banner B '), 'https://example.com/');
    const { page } = b;
    const report = new AxeReport();

    await page.goto('/');
    await visible(page.getByTestId('login-form'));
    await report.check(page, 'login');
    await loginUI(page, student.username, PASSWORD, 'student');
    await report.check(page, 'portal home');

    await page.goto('/portal/courses');
    await visible(page.getByTestId('course-card'));
    await report.check(page, 'course list');
    await page.goto(`/portal/courses/${courseId}`);
    await visible(page.getByTestId('course-catalog'));
    await report.check(page, 'course detail');
    await startCourse(page, courseId);
    await report.check(page, 'learning page');

    await page.goto('/student-center/exams');
    const row = await visible(page.getByTestId('my-exam-item').filter({ hasText: exam.name }));
    await report.check(page, 'my exams');
    await row.getByTestId('my-exam-start').click();
    await page.getByTestId('start-confirm-ok').click();
    await visible(page.getByTestId('answer-sheet'));
    await report.check(page, 'answer page');
    // The question numbers take their colours: one answered, one flagged, one current.
    await page.getByTestId('question-1').getByText('Green zone').click();
    await page.getByTestId('flag-2').click();
    await page.getByTestId('nav-2').click();
    await expect.poll(() => page.getByTestId('save-state').first().getAttribute('data-kind')).toBe('saved');
    await report.check(page, 'answer page, answered and flagged');
    await page.getByTestId('submit').first().click();
    await visible(page.getByTestId('submit-confirm-ok'));
    await report.check(page, 'submit dialog');

    report.assertClean();
  });

  it('the management home and ten management lists have no serious or critical violation', async () => {
    const admin = await loginAdmin();
    // Rows in every list (a student, an organization, a course, a bank's questions, a paper, an exam, a notice) and an unread message.
    const orgId = await createOrg(admin, { name: uniq('Axe Admin Dept ') });
    await golfCourse(admin, { name: uniq('Axe admin course '), orgId });
    await openExam(admin, orgId, 'Axe admin exam ');
    await createActiveStudent(admin, PASSWORD, { orgId });
    await releaseNotice(admin, uniq('Axe admin notice '));
    const { page } = b;
    const report = new AxeReport();

    await loginAdminUI(page);
    await report.check(page, 'management home');
    for (const route of MANAGE_LISTS) {
      await openList(page, route);
      await waitForPath(page, `/dashboard/${route}`);
      await report.check(page, route);
    }

    report.assertClean();
  });
});
