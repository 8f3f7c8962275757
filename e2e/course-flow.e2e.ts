/**
 * Issue 10, the course flow end to end, every step through the UI: an administrator uploads a
 * video and the Golf SCORM package (singlescobasic.zip: "a learner's status and score are
 * recorded") in the courseware library, creates a certificate template, builds a course of both
 * for one organization and publishes it; a student of that organization finds it on the portal,
 * plays the video to its end, answers the SCORM package through its own buttons, passes and
 * downloads the certificate (a PDF); the portal pages fit a 390 px phone; a student of another
 * organization cannot see the course.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createActiveStudent, createOrg, post, rootOrgId, uniq } from './support/api';
import { eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, loginUI, openMenu, pickOption, sessionOf } from './support/flows';
import { expectCourseHidden, learnGolf, makeVideo, playVideoToEnd, scormFixture } from './support/learning';

/** Adds a courseware on the library's add page: name, type, the file through the page's uploader. */
async function addCourseware(page: Page, input: { name: string; typeLabel: string; file: string }) {
  await openMenu(page, 'group-course', 'kjgl');
  await waitForPath(page, '/dashboard/manage-courseware');
  await (await visible(page.getByTestId('crud-add'))).click();
  await waitForPath(page, '/dashboard/add-courseware');
  const form = await visible(page.getByTestId('courseware-edit-page'));
  await page.getByTestId('courseware-name').fill(input.name);
  await form.getByTestId('courseware-type').click();
  await pickOption(page, input.typeLabel);
  await form.locator('input[type=file]').setInputFiles(input.file);
  await visible(page.getByTestId('courseware-file-name'), 60_000);
  await page.getByTestId('courseware-submit').click();
  await waitForPath(page, '/dashboard/manage-courseware');
  await visible(page.getByTestId('courseware-row-name').filter({ hasText: input.name }));
}

describe('course flow', () => {
  const b = useBrowser();

  it('an administrator builds and publishes a course of a video and a SCORM package; its student passes and gets the certificate; an outsider sees nothing', async () => {
    const { page } = b;
    page.on('dialog', (d) => void d.accept());
    await loginAdminUI(page);
    const admin = await sessionOf(page);
    const names = { org: uniq('学习部'), other: uniq('其他部'), video: uniq('视频'), golf: uniq('高尔夫'), cert: uniq('结业证书'), course: uniq('高尔夫入门') };
    // People and organizations are set up through their API (their pages are tested elsewhere).
    const root = await rootOrgId(admin);
    const orgId = await createOrg(admin, { parentId: root, name: names.org });
    const otherOrg = await createOrg(admin, { parentId: root, name: names.other });

    // The courseware library: the video, then the SCORM package.
    await addCourseware(page, { name: names.video, typeLabel: '视频', file: makeVideo('入门视频.mp4') });
    await addCourseware(page, { name: names.golf, typeLabel: 'SCORM', file: scormFixture('singlescobasic.zip') });
    // The video is sliced in the background before a student can play it.
    await eventually(async () => {
      const rows = await post<{ records: { name: string; media: { state: string } | null }[] }>(admin, 'courseware/list', { page: 1, pageSize: 20, keyword: names.video });
      const state = rows.records.find((r) => r.name === names.video)?.media?.state;
      if (state !== 'ready') throw new Error(`video ${state}`);
    }, 90_000);

    // A certificate template on its page (no background image needed).
    await page.goto('/dashboard/add-certificate');
    await visible(page.getByTestId('certificate-edit-page'));
    await page.getByTestId('certificate-name').fill(names.cert);
    await page.getByTestId('certificate-authority').fill('翰林学院');
    await page.getByTestId('certificate-submit').click();
    await waitForPath(page, '/dashboard/manage-certificate');

    // The course: information with the certificate and the organization audience, then the builder.
    await openMenu(page, 'group-course', 'kcgl');
    await waitForPath(page, '/dashboard/manage-course');
    await (await visible(page.getByTestId('crud-add'))).click();
    await waitForPath(page, '/dashboard/add-course');
    await visible(page.getByTestId('course-edit-page'));
    await page.getByTestId('course-name').fill(names.course);
    await page.locator('[data-testid="course-credit"] input, input[data-testid="course-credit"]').fill('2');
    await page.getByTestId('course-intro-content').fill('Golf and video');
    await page.locator('#certificateTemplateId').click();
    await page.keyboard.type(names.cert);
    await pickOption(page, names.cert);
    await page.getByTestId('course-audience-search').click();
    await page.keyboard.type(names.org);
    await pickOption(page, names.org);
    await visible(page.getByTestId(`course-audience-tag-org-${orgId}`));
    await page.getByTestId('course-submit').click();
    await waitForPath(page, '/dashboard/add-buildCourse');
    const courseId = Number(new URL(page.url()).searchParams.get('id'));
    await visible(page.getByTestId('course-build-page'));
    for (const [i, ware] of [names.video, names.golf].entries()) {
      await page.getByTestId('course-new-chapter').fill(`第${i + 1}章`);
      await page.getByTestId('course-add-chapter').click();
      const chapter = page.getByTestId('course-chapter').nth(i);
      await visible(chapter);
      await chapter.getByTestId('course-ware-search').click();
      await page.keyboard.type(ware);
      await pickOption(page, ware);
      await visible(chapter.getByTestId('course-chapter-ware').filter({ hasText: ware }));
    }
    await page.getByTestId('course-publish').click();
    await waitForPath(page, '/dashboard/manage-course');
    await visible(page.getByTestId('course-row-name').filter({ hasText: names.course }));

    // The student of the organization, on a phone: finds the course, starts it.
    const stu = await createActiveStudent(admin, 'Learn-1234', { orgId });
    const learner = await b.newUserPage();
    learner.on('dialog', (d) => void d.accept());
    await learner.setViewportSize({ width: 390, height: 844 });
    await loginUI(learner, stu.username, stu.password, 'student');
    await learner.goto(`/portal/courses?keyword=${encodeURIComponent(names.course)}`);
    const card = await visible(learner.getByTestId('course-card').filter({ hasText: names.course }));
    // The pages fit the phone (the shared portal header is the shell's, measured elsewhere).
    const fits = async (testId: string) => {
      const box = (await learner.getByTestId(testId).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    };
    await fits('course-list-page');
    await card.getByTestId('course-card-link').click();
    await visible(learner.getByTestId('course-detail-page'));
    await learner.getByTestId('course-start').click();
    await visible(learner.getByTestId('learn-page'));
    await fits('learn-page');
    // The item's own progress and the course's, both within the phone's width.
    await fits('learn-progress');

    // The video, played to its end.
    await playVideoToEnd(learner);
    await learner.getByTestId('learn-catalog-button').click();
    await learner.locator('.ant-drawer').getByText(names.golf).click();
    const session = await sessionOf(learner);
    await eventually(async () => {
      const c = await post<{ chapters: { items: { completed: boolean }[] }[] }>(session, 'learning/course/get', { id: courseId });
      if (!c.chapters[0]!.items[0]!.completed) throw new Error('video not completed yet');
    });

    // The Golf package through its own buttons, its assessment answered: score and status recorded.
    await learnGolf(learner);
    await visible(learner.getByTestId('learn-passed'), 30_000);
    await eventually(async () => {
      const c = await post<{ chapters: { items: { completed: boolean; score: number | null }[] }[]; learner: { status: string } | null }>(session, 'learning/course/get', {
        id: courseId,
      });
      expect(c.chapters[1]!.items[0]).toMatchObject({ completed: true, score: 100 });
      expect(c.learner?.status).toBe('passed');
    });

    // "My courses" lists it as passed; the certificate downloads as a PDF from "my certificates".
    await learner.goto('/student-center/my-courses');
    await learner.getByTestId('my-courses-tab-passed').click();
    await visible(learner.getByTestId('my-course-item').filter({ hasText: names.course }));
    await learner.goto('/student-center/certificates');
    const item = await visible(learner.getByTestId('my-certificate-download'));
    const download = learner.waitForEvent('download');
    await item.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = await file.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

    // A student of another organization: not in the list, the detail address says unavailable.
    const outsider = await createActiveStudent(admin, 'Learn-1234', { orgId: otherOrg });
    const other = await b.newUserPage();
    await loginUI(other, outsider.username, outsider.password, 'student');
    await expectCourseHidden(other, courseId, names.course);
  });
});
