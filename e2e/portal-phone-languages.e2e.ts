/**
 * Issue 11 point 21 in the other languages: the student portal at 390 px in en-US and pt fits
 * the phone on every page and shows no Chinese interface text (the data of the test are Latin).
 * Each page leaves a screenshot in e2e/artifacts/phone-<lang>-<page>.png for the walk by eye.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activate, baseUrl, createOrg, createStudent, loginAdmin, post, rootOrgId, signHeaders, uniq, type Session } from './support/api';
import { useBrowser, visible, waitForPath } from './support/browser';
import { loginUI } from './support/flows';

const PHONE = 390;
const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
const GOLF = [path.resolve(import.meta.dirname, '../../shared/fixtures/scorm/singlescobasic.zip'), '/work/shared/fixtures/scorm/singlescobasic.zip'].find((f) =>
  fs.existsSync(f),
)!;

async function uploadScorm(s: Session): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(fs.readFileSync(GOLF))]), 'golf.zip');
  const res = await fetch(`${baseUrl()}/api/upload/file?kind=courseware&purpose=courseware`, { method: 'POST', headers: await signHeaders(s), body: fd });
  const json = (await res.json()) as { code: number; data: { url: string } };
  expect(json.code, JSON.stringify(json)).toBe(200);
  return json.data.url;
}

/** A published course with one SCORM item open to one organization, straight in the tables; Latin names only. */
async function buildCourse(name: string, orgId: number, coursewareId: number): Promise<number> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      `insert into courses (name, status, credit, pass_progress, intro, published_at) values ($1, 'published', 1, 100, '<p>A long introduction line</p>', now()) returning id`,
      [name],
    );
    const courseId = rows[0]!.id;
    const ch = await db.query<{ id: number }>(`insert into course_chapters (course_id, name, sort) values ($1, 'Chapter one', 0) returning id`, [courseId]);
    await db.query(`insert into course_items (chapter_id, courseware_id, sort) values ($1, $2, 0)`, [ch.rows[0]!.id, coursewareId]);
    await db.query(`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ('course', $1, 'org', $2)`, [courseId, orgId]);
    return courseId;
  } finally {
    await db.end();
  }
}

/** Fits the phone and shows no Chinese text; a screenshot either way. */
async function walk(page: Page, lang: string, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `phone-${lang}-${what}.png`), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${lang} ${what} is ${width}px wide`).toBeLessThanOrEqual(PHONE);
  const chinese = await page.evaluate(() => (document.body.innerText.match(/[^\n]*[\u3400-\u9fff][^\n]*/g) ?? []).map((l) => l.trim()));
  expect(chinese, `${lang} ${what}: Chinese text`).toEqual([]);
}

describe('student portal on a 390 px phone in English and Portuguese', () => {
  const b = useBrowser();

  for (const lang of ['en-US', 'pt'] as const) {
    it(`every portal page fits 390 px and speaks ${lang}`, async () => {
      const admin = await loginAdmin();
      const orgId = await createOrg(admin, { parentId: await rootOrgId(admin), name: uniq('Phone team ') });
      const scormId = (await post<{ id: number }>(admin, 'courseware/insert', { name: uniq('Golf '), type: 'scorm', file: await uploadScorm(admin) })).id;
      const name = uniq('Phone course ');
      const courseId = await buildCourse(name, orgId, scormId);
      const stu = await createStudent(admin, { orgId, realname: 'Ana Lima' });
      await activate(stu, 'Phone-1234');

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
