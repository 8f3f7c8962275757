/**
 * Issue 10, course administration: an administrator creates a classification through the tree's
 * dialog, fills in a course's information with an organization audience, builds a chapter of
 * courseware (created through the API) and publishes the course.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, openMenu, sessionOf } from './support/flows';
import { createOrg, post, uniq, uploadFile, type Session } from './support/api';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function pdfCourseware(s: Session, name: string): Promise<number> {
  const { url } = await uploadFile(s, { filename: 'manual.pdf', data: PDF, kind: 'courseware' });
  return (await post<{ id: number }>(s, 'courseware/insert', { name, type: 'general', file: url })).id;
}

/** Types into an Ant Design select and picks the option showing `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  const option = page.locator('.ant-select-item-option').filter({ hasText: text, visible: true }).first();
  await visible(option);
  await option.click();
}

interface CourseDetail {
  id: number;
  name: string;
  status: string;
  categoryId: number | null;
  intro: string;
  audience: { type: string; id: number }[];
  chapters: { name: string; items: { coursewareId: number }[] }[];
}

describe('course administration', () => {
  const b = useBrowser();

  it('creates a class, builds a course with a chapter of courseware for an organization and publishes it', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const admin = await sessionOf(page);
    const names = { category: uniq('分类'), course: uniq('安全课程'), org: uniq('车间'), ware: uniq('手册'), chapter: '第一章' };
    const orgId = await createOrg(admin, { name: names.org });
    const wareId = await pdfCourseware(admin, names.ware);

    // The classification tree: a top-level class through its dialog.
    await openMenu(page, 'group-course', 'kcfl');
    await waitForPath(page, '/dashboard/manage-course-classify');
    await page.getByTestId('course-categories-add-root').click();
    await visible(page.getByTestId('course-categories-name'));
    await page.getByTestId('course-categories-name').fill(names.category);
    await page.getByTestId('course-categories-submit').click();
    const category = await eventually(async () => {
      const found = (await post<{ id: number; name: string }[]>(admin, 'course-classify/tree')).find((n) => n.name === names.category);
      if (!found) throw new Error('class not saved yet');
      return found;
    });

    // Course information, opened from the list under the chosen class, with an organization audience.
    await openMenu(page, 'group-course', 'kcgl');
    await waitForPath(page, '/dashboard/manage-course');
    await page.getByTestId(`tree-node-${category.id}`).click();
    await page.goto(`/dashboard/add-course?categoryId=${category.id}`);
    await visible(page.getByTestId('course-edit-page'));
    await page.getByTestId('course-name').fill(names.course);
    await page.locator('[data-testid="course-credit"] input, input[data-testid="course-credit"]').fill('3');
    await page.getByTestId('course-intro-content').fill('Wear a helmet');
    await pick(page, 'course-audience-search', names.org);
    await visible(page.getByTestId(`course-audience-tag-org-${orgId}`));
    await page.getByTestId('course-submit').click();
    await waitForPath(page, '/dashboard/add-buildCourse');
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // The builder: a chapter holding the courseware, then publish.
    await visible(page.getByTestId('course-build-page'));
    await page.getByTestId('course-new-chapter').fill(names.chapter);
    await page.getByTestId('course-add-chapter').click();
    await visible(page.getByTestId('course-chapter'));
    await pick(page, 'course-ware-search', names.ware);
    await visible(page.getByTestId('course-chapter-ware').filter({ hasText: names.ware }));
    await page.getByTestId('course-publish').click();
    await waitForPath(page, '/dashboard/manage-course');

    const course = await post<CourseDetail>(admin, 'course/get', { id });
    expect(course).toMatchObject({ name: names.course, status: 'published', categoryId: category.id, audience: [{ type: 'org', id: orgId }] });
    expect(course.intro).toMatch(/<p>Wear.a.helmet<\/p>/);
    expect(course.chapters).toEqual([expect.objectContaining({ name: names.chapter, items: [expect.objectContaining({ coursewareId: wareId })] })]);
    await visible(page.getByTestId('course-row-name').filter({ hasText: names.course }));
  });
});
