/**
 * The student's exam pages on a 390 px phone and in English, browser tier: my exams, the answer sheet
 * (one question at a time, with the question drawer open), the result, the answer review, the ranking,
 * practice with its summary and the mistake set fit the phone without horizontal scroll and show their
 * main elements; in English they show no Chinese. The data is Latin on purpose (names, org, questions),
 * so any Chinese on screen is the interface's own text. Exam and exercise come in through the API as the
 * back office builds them; the exam's start is moved back in SQL instead of waiting for the clock.
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createActiveStudent, createApprovedQuestions, createOrg, createPublishedExercise, login, loginAdmin, post, uniq, type Session } from './support/api';
import { gone, useBrowser, visible } from './support/browser';
import { loginUI } from './support/flows';

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

const PHONE = 390;
const PASSWORD = 'Phone-1234';
const CJK = /[\u4e00-\u9fff]/;

/** No horizontal scroll: the document is no wider than the phone. */
async function fitsPhone(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width}px wide`).toBeLessThanOrEqual(PHONE);
}

/** The visible text of a page's main card has no Chinese character (the data is Latin). */
async function noChinese(card: Locator, what: string): Promise<void> {
  await visible(card);
  await card.page().waitForLoadState('networkidle');
  const text = await card.first().innerText();
  expect(text.match(CJK), `${what} shows Chinese: ${text.slice(0, 300)}`).toBeNull();
}

interface World {
  orgId: number;
  examId: number;
  examName: string;
  exerciseName: string;
  stems: { single: string; judgment: string };
}

/** An objective paper (single choice and true/false, Latin text), an exam answered one question at a time with the score, answers and ranking shown at once, and an exercise of the same paper. */
async function buildWorld(admin: Session): Promise<World> {
  const orgId = await createOrg(admin, { name: uniq('Phone Dept ') });
  const { id: bank } = await post<{ id: number }>(admin, 'question-sort/insert', { name: uniq('Bank ').slice(0, 20) });
  const stems = { single: uniq('Which zone shows a full extinguisher '), judgment: uniq('Gas is tested before a confined space ') };
  const ids = await createApprovedQuestions(admin, [
    {
      type: 'single',
      categoryId: bank,
      stem: stems.single,
      score: 5,
      options: [{ content: 'Green zone' }, { content: 'Red zone' }],
      answers: ['A'],
      analysis: 'Green means full.',
    },
    { type: 'judgment', categoryId: bank, stem: stems.judgment, score: 5, answers: ['T'] },
  ]);
  const paper = await post<{ id: number }>(admin, 'paper/insert', { name: uniq('Phone paper '), kind: 'fixed', items: ids.map((questionId) => ({ questionId, score: 5 })) });

  const examName = uniq('Phone exam ');
  const exam = await post<{ id: number }>(admin, 'exam/insert', {
    name: examName,
    startAt: new Date(Date.now() + 120_000).toISOString(),
    endAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    duration: 30,
    passPercent: 60,
    attempts: 2,
    paperId: paper.id,
    answerMode: 'single',
    scoreDisplay: 'immediate',
    showAnswers: true,
    showRanking: true,
    audience: [{ type: 'org', id: orgId }],
  });
  await post(admin, 'exam/publish', { ids: [exam.id] });
  await db.query(`update exams set start_at = now() - interval '1 minute' where id = $1`, [exam.id]);

  const exerciseName = uniq('Phone drill ');
  await createPublishedExercise(admin, { name: exerciseName, paperId: paper.id, times: 3, orgId });
  return { orgId, examId: exam.id, examName, exerciseName, stems };
}

/** A student of the world's organization, with a Latin name, signed in once so the UI lands directly. */
const student = (admin: Session, w: World, realname: string) => createActiveStudent(admin, PASSWORD, { orgId: w.orgId, realname });

/** Sits the exam through the API and submits: true/false answered T, single choice answered `choice`. */
async function sitExam(s: Session, examId: number, choice: string) {
  const sheet = await post<{ attemptId: number; questions: { position: number; type: string }[] }>(s, 'exam/attempt/start', { examId });
  await post(s, 'exam/attempt/save', {
    attemptId: sheet.attemptId,
    answers: sheet.questions.map((q) => ({ position: q.position, answer: { choices: [q.type === 'judgment' ? 'T' : choice] }, flagged: false, seq: 1 })),
  });
  await post(s, 'exam/attempt/submit', { attemptId: sheet.attemptId });
}

describe('exam pages of the student', () => {
  const b = useBrowser();

  it('fit a 390 px phone: my exams, the answer sheet with its drawer, result, review, ranking, practice and mistakes', async () => {
    const admin = await loginAdmin();
    const w = await buildWorld(admin);
    // Someone else is ranked already, so the ranking has two rows.
    const other = await student(admin, w, 'Olivia Other');
    await sitExam(await login(other.username, PASSWORD, 'student'), w.examId, 'A');
    const stu = await student(admin, w, 'Paula Phone');

    const { page } = b;
    await page.setViewportSize({ width: PHONE, height: 844 });
    await loginUI(page, stu.username, PASSWORD, 'student');

    await page.goto('/student-center/exams');
    const item = await visible(page.getByTestId('my-exam-item').filter({ hasText: w.examName }));
    await visible(item.getByTestId('my-exam-start'));
    await fitsPhone(page, 'my exams');

    // The sheet, one question at a time; the question list opens in a drawer.
    await item.getByTestId('my-exam-start').click();
    await page.getByTestId('start-confirm-ok').click();
    await visible(page.getByTestId('answer-sheet'));
    await visible(page.getByTestId('countdown'));
    await visible(page.getByTestId('next'));
    await fitsPhone(page, 'the answer sheet');
    await page.getByTestId('nav-open').click();
    const drawer = await visible(page.locator('.ant-drawer-open').getByTestId('nav-panel'));
    expect(await drawer.locator('[data-testid^=nav-]').count()).toBeGreaterThanOrEqual(2);
    await fitsPhone(page, 'the answer sheet with its question drawer');
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await gone(page.locator('.ant-drawer-open'));
    // Answer the single choice wrong (the mistake set gets it) and submit with the other unanswered.
    const single = page.locator('[data-testid^=question-]').filter({ hasText: w.stems.single });
    if (!(await single.isVisible())) await page.getByTestId('next').click();
    await single.getByText('Red zone').click();
    await page.getByTestId('submit').first().click();
    await page.getByTestId('submit-confirm-ok').click();

    await visible(page.getByTestId('exam-result'));
    await visible(page.getByTestId('result-score'));
    await visible(page.getByTestId('attempts-left'));
    await fitsPhone(page, 'the result');

    await page.getByTestId('result-review').click();
    const review = await visible(page.getByTestId('my-review-page'));
    await visible(review.getByText(w.stems.single));
    await fitsPhone(page, 'the answer review');
    await page.goBack();

    await visible(page.getByTestId('exam-result'));
    await page.getByTestId('result-ranking').click();
    const ranking = await visible(page.getByTestId('my-ranking-page'));
    await visible(ranking.getByTestId('my-ranking-mine'));
    await expect.poll(() => ranking.getByTestId('my-ranking-row').count()).toBe(2);
    await fitsPhone(page, 'the ranking');

    // Practice: the list, a session with its feedback, the summary.
    await page.goto('/student-center/practice');
    const exercise = await visible(page.getByTestId('my-exercise-item').filter({ hasText: w.exerciseName }));
    await fitsPhone(page, 'my practice');
    await exercise.getByTestId('practice-start').click();
    await visible(page.getByTestId('practice-session'));
    await visible(page.getByTestId('practice-clock'));
    await fitsPhone(page, 'the practice session');
    // Finishing early asks first, naming the exercise.
    await page.getByTestId('practice-finish').click();
    await visible(page.locator('.ant-modal-confirm').filter({ hasText: w.exerciseName }));
    await page.getByTestId('practice-finish-ok').click();
    await visible(page.getByTestId('practice-summary'));
    await fitsPhone(page, 'the practice summary');

    // The mistake set holds the wrong exam question.
    await page.goto('/student-center/mistakes');
    const mistake = await visible(page.getByTestId('mistake-item').filter({ hasText: w.stems.single }));
    await visible(mistake.getByTestId('mistake-remove'));
    await fitsPhone(page, 'the mistake set');
  });

  it('in English show no Chinese on my exams, the result, review, ranking, practice and mistakes', async () => {
    const admin = await loginAdmin();
    const w = await buildWorld(admin);
    const stu = await student(admin, w, 'Ethan English');
    // The attempt through the API: one answer wrong, so the mistake set and the review have something to say.
    await sitExam(await login(stu.username, PASSWORD, 'student'), w.examId, 'B');

    const { page } = b;
    await page.context().addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await loginUI(page, stu.username, PASSWORD, 'student');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    await page.goto('/student-center/exams');
    await visible(page.getByTestId('my-exam-item').filter({ hasText: w.examName }));
    await noChinese(page.getByTestId('my-exams-page'), 'my exams');

    await page.goto(`/portal/exam/${w.examId}/result`);
    await visible(page.getByTestId('attempts-left'));
    await noChinese(page.getByTestId('exam-result'), 'the result');

    await page.getByTestId('result-review').click();
    await visible(page.getByTestId('my-review-page').getByText(w.stems.single));
    await noChinese(page.getByTestId('my-review-page'), 'the answer review');

    await page.goto(`/student-center/exam-ranking/${w.examId}`);
    await visible(page.getByTestId('my-ranking-mine'));
    await noChinese(page.getByTestId('my-ranking-page'), 'the ranking');

    await page.goto('/student-center/practice');
    await visible(page.getByTestId('my-exercise-item').filter({ hasText: w.exerciseName }));
    await noChinese(page.getByTestId('my-practice-page'), 'my practice');
    await page.getByTestId('my-exercise-item').filter({ hasText: w.exerciseName }).getByTestId('practice-start').click();
    await visible(page.getByTestId('practice-session'));
    await noChinese(page.getByTestId('practice-session'), 'the practice session');

    await page.goto('/student-center/mistakes');
    await visible(page.getByTestId('mistake-item').filter({ hasText: w.stems.single }));
    await noChinese(page.getByTestId('mistakes-page'), 'the mistake set');
  });
});
