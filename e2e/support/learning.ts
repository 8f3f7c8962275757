/** Learning steps several browser tests share: a short video, playing it, the Golf SCORM package, an outsider's view. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { post, uniq, uploadFile, type Session } from './api';
import { eventually, visible } from './browser';

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures/scorm');

/** A package of ../shared/fixtures/scorm (see its README for the expected behaviour). */
export const scormFixture = (name: string) => path.join(fs.existsSync(FIXTURES) ? FIXTURES : '/work/shared/fixtures/scorm', name);

/** A two-second test-pattern video (H.264 MP4) made with the app's own ffmpeg; returns its path. */
export function makeVideo(fileName = 'v.mp4'): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-e2e-video-')), fileName);
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
  return file;
}

/** Plays the learning page's video (muted, so autoplay rules allow it) until it ends. */
export async function playVideoToEnd(page: Page): Promise<void> {
  const video = await visible(page.getByTestId('video-player').locator('video'), 60_000);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play();
  });
  await eventually(async () => {
    if (!(await video.evaluate((v: HTMLVideoElement) => v.ended))) throw new Error('still playing');
  });
}

interface GolfQuestion {
  id: string;
  type: 'choice' | 'true-false' | 'numeric';
  answers: string[] | null;
  correct: string;
}

/**
 * Goes through the Golf package (singlescobasic.zip) with its own Next button to the last page,
 * fills in its assessment with the right answers and submits it (the SCO records score 100,
 * passed), then presses its Exit button, which finishes the session.
 */
export async function learnGolf(page: Page): Promise<void> {
  const sco = page.frameLocator('[data-testid=scorm-frame]');
  await visible(sco.locator('#butNext'), 30_000);
  for (let i = 0; i < 15; i++) await sco.locator('#butNext').click();
  await visible(sco.locator('#contentFrame[src*="assessmenttemplate"]'));
  const quiz = sco.frameLocator('#contentFrame');
  await visible(quiz.locator('input[value="Submit Answers"]'));
  const frame = page.frames().find((f) => f.url().includes('assessmenttemplate'))!;
  // The questions the page itself renders (its own data), answered through its inputs.
  const questions = await frame.evaluate(() =>
    (window as unknown as { test: { Questions: { Id: string; Type: GolfQuestion['type']; Answers: string[] | null; CorrectAnswer: unknown }[] } }).test.Questions.map((q) => ({
      id: q.Id,
      type: q.Type,
      answers: q.Answers,
      correct: String(q.CorrectAnswer),
    })),
  );
  expect(questions.length).toBeGreaterThan(0);
  for (const q of questions) {
    const id = (suffix: string) => quiz.locator(`[id="question_${q.id}_${suffix}"]`);
    if (q.type === 'choice') await id(String(q.answers!.indexOf(q.correct))).check();
    else if (q.type === 'true-false') await id(q.correct === 'true' ? 'True' : 'False').check();
    else await id('Text').fill(q.correct);
  }
  await quiz.locator('input[value="Submit Answers"]').click();
  await visible(quiz.getByText('Score: 100'));
  await sco.locator('#butExit').click();
}

/** Opens a course's page in the portal and starts learning it: the learning page is shown. */
export async function startCourse(page: Page, courseId: number): Promise<void> {
  await page.goto(`/portal/courses/${courseId}`);
  await page.getByTestId('course-start').click();
  await visible(page.getByTestId('learn-page'));
}

/** A student outside the audience: the course is not in the list and its address says unavailable. */
export async function expectCourseHidden(page: Page, courseId: number, name: string): Promise<void> {
  await page.goto(`/portal/courses?keyword=${encodeURIComponent(name)}`);
  await visible(page.getByTestId('course-list-page'));
  await visible(page.locator('.ant-empty'));
  expect(await page.getByTestId('course-card').count()).toBe(0);
  await page.goto(`/portal/courses/${courseId}`);
  await visible(page.getByTestId('course-unavailable'));
}

/**
 * A published course with one Golf SCORM item (singlescobasic.zip) open to one organization,
 * written straight in the tables (Latin names; the SCORM package through the upload API).
 * Passing it takes `learnGolf`.
 */
export async function golfCourse(admin: Session, input: { name: string; orgId: number; antiCheat?: boolean }): Promise<number> {
  const { url } = await uploadFile(admin, { filename: 'golf.zip', data: fs.readFileSync(scormFixture('singlescobasic.zip')), kind: 'courseware' });
  const ware = await post<{ id: number }>(admin, 'courseware/insert', { name: uniq('Golf '), type: 'scorm', file: url });
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      // Anti-cheat on without an interval of its own: the pop-up comes at the parameters page's interval.
      `insert into courses (name, status, credit, pass_progress, intro, published_at, anti_cheat) values ($1, 'published', 1, 100, '<p>A long introduction line</p>', now(), $2) returning id`,
      [input.name, !!input.antiCheat],
    );
    const courseId = rows[0]!.id;
    const ch = await db.query<{ id: number }>(`insert into course_chapters (course_id, name, sort) values ($1, 'Chapter one', 0) returning id`, [courseId]);
    await db.query(`insert into course_items (chapter_id, courseware_id, sort) values ($1, $2, 0)`, [ch.rows[0]!.id, ware.id]);
    await db.query(`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ('course', $1, 'org', $2)`, [courseId, input.orgId]);
    return courseId;
  } finally {
    await db.end();
  }
}
