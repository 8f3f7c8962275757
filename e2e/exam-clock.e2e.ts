/**
 * An exam on a device whose clock is 10 minutes off, and the answer page's own frame, browser tier (issue 18, points 7
 * and 12). The browser's wall clock is set 10 minutes off: signing in, signed calls after a reload, Start of an
 * ongoing exam and the sheet all follow the server's time. The list shows Start by itself when the start passes; the
 * answer page has no portal navigation and its bar covers no question (at 1440 px and at 390 px). Exams come in
 * through the API; their times are moved in SQL instead of waiting for the clock.
 */
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createActiveStudent, createApprovedQuestions, createOrg, loginAdmin, post, uniq, type Session } from './support/api';
import { eventually, useBrowser, visible } from './support/browser';
import { loginUI } from './support/flows';

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

const PASSWORD = 'Clock-1234';
const MINUTE = 60_000;

/** A published exam of three true/false questions, answered on one page, open to a new organization: it starts `startsIn` from now on the server's clock and ends 5 minutes after now. */
async function examWorld(admin: Session, startsIn: string) {
  const orgId = await createOrg(admin, { name: uniq('Clock Dept ') });
  const { id: bank } = await post<{ id: number }>(admin, 'question-sort/insert', { name: uniq('Clock bank ').slice(0, 20) });
  const ids = await createApprovedQuestions(
    admin,
    [1, 2, 3].map((n) => ({ type: 'judgment', categoryId: bank, stem: uniq(`Statement ${n} about the clock `), score: 5, answers: ['T'] })),
  );
  const paper = await post<{ id: number }>(admin, 'paper/insert', { name: uniq('Clock paper '), kind: 'fixed', items: ids.map((questionId) => ({ questionId, score: 5 })) });
  const name = uniq('Clock exam ');
  const exam = await post<{ id: number }>(admin, 'exam/insert', {
    name,
    startAt: new Date(Date.now() + 120_000).toISOString(),
    endAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    duration: 30,
    passPercent: 60,
    attempts: 1,
    paperId: paper.id,
    answerMode: 'whole',
    audience: [{ type: 'org', id: orgId }],
  });
  await post(admin, 'exam/publish', { ids: [exam.id] });
  await db.query(`update exams set start_at = now() + $2::interval, end_at = now() + interval '5 minutes' where id = $1`, [exam.id, startsIn]);
  const student = await createActiveStudent(admin, PASSWORD, { orgId, realname: 'Clara Clock' });
  return { name, student };
}

/** The answer page stands alone: no portal header, and the sheet's bar is above `question` (not over it). */
async function barAbove(page: Page, question: Locator) {
  expect(await page.getByTestId('app-header').count()).toBe(0);
  const bar = (await visible(page.getByTestId('sheet-bar'))).boundingBox();
  await eventually(async () => {
    const [b, q] = await Promise.all([bar, question.boundingBox()]);
    expect(q!.y, 'the question starts below the bar').toBeGreaterThanOrEqual(b!.y + b!.height - 1);
  });
}

/**
 * The device's wall clock runs `minutes` off, as on a badly set computer: `Date` only, while timers and the monotonic
 * clock run true (Playwright's clock.install fakes the timers too, and a modal's opening animation then swallowed a click).
 */
async function setDeviceClock(page: Page, minutes: number) {
  const off = minutes * MINUTE;
  await page.context().addInitScript({
    content: `(() => {
      const RealDate = Date;
      class DeviceDate extends RealDate {
        constructor(...args) { if (args.length === 0) super(RealDate.now() + ${off}); else super(...args); }
        static now() { return RealDate.now() + ${off}; }
      }
      globalThis.Date = DeviceDate;
    })();`,
  });
}

/** The page's clock runs `minutes` off the real one (the device clock took). */
async function deviceOff(page: Page, minutes: number) {
  const off = (await page.evaluate(() => Date.now())) - Date.now();
  expect(Math.abs(off - minutes * MINUTE)).toBeLessThan(MINUTE);
  expect(Math.abs((await page.evaluate(() => new Date().getTime())) - Date.now() - minutes * MINUTE)).toBeLessThan(MINUTE);
}

/** Seconds the sheet's countdown shows (mm:ss). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = await visible(page.getByTestId('countdown')).then((c) => c.innerText());
  const [m, s] = /(\d+):(\d\d)\s*$/.exec(text)!.slice(1).map(Number);
  return m! * 60 + s!;
}

/** Starts the exam from its row, answers the first question and waits until the answer is saved (signed calls work). */
async function startAndAnswer(page: Page, row: Locator) {
  await row.getByTestId('my-exam-start').click();
  await page.getByTestId('start-confirm-ok').click();
  await visible(page.getByTestId('answer-sheet'));
  // The exam ends 5 minutes after the server's now: the countdown is the server's, whatever the device's clock says.
  const left = await countdownSeconds(page);
  expect(left).toBeGreaterThan(200);
  expect(left).toBeLessThanOrEqual(300);
  const first = page.getByTestId('question-1');
  await first.getByText(/^(正确|True|Verdadeiro)$/).click();
  await expect.poll(() => page.getByTestId('save-state').getAttribute('data-kind'), { timeout: 20_000 }).toBe('saved');
  return first;
}

describe('an exam on a device clock 10 minutes off', () => {
  const b = useBrowser();

  it('10 minutes slow: signs in, works after a reload, shows Start when the start passes without a reload, and the sheet stands alone', async () => {
    const admin = await loginAdmin();
    const w = await examWorld(admin, '2 minutes');
    const { page } = b;
    await setDeviceClock(page, -10);
    await loginUI(page, w.student.username, PASSWORD, 'student');
    await deviceOff(page, -10);
    // A new page load forgets the server's time: its first signed call is refused for the time, corrected and sent again.
    await db.query(`update exams set start_at = now() + interval '15 seconds' where name = $1`, [w.name]);
    await page.goto('/student-center/exams');
    const row = await visible(page.getByTestId('my-exam-item').filter({ hasText: w.name }));
    await visible(row.getByTestId('my-exam-phase-notOpen'));
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await visible(row.getByTestId('my-exam-start'), 60_000);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    const first = await startAndAnswer(page, row);
    await barAbove(page, first);
  });

  it('10 minutes fast, on a 390 px phone: Start of an ongoing exam, the sheet without portal navigation, a question jumped to is not under the bar', async () => {
    const admin = await loginAdmin();
    const w = await examWorld(admin, '-1 minute');
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await setDeviceClock(page, 10);
    await loginUI(page, w.student.username, PASSWORD, 'student');
    await deviceOff(page, 10);
    await page.goto('/student-center/exams');
    const row = await visible(page.getByTestId('my-exam-item').filter({ hasText: w.name }));
    const first = await startAndAnswer(page, row);
    await barAbove(page, first);
    // The question list (a drawer on a phone) jumps to the last question: it comes to rest below the bar.
    await page.getByTestId('nav-open').click();
    await page.locator('.ant-drawer-open').getByTestId('nav-3').click();
    await barAbove(page, page.getByTestId('question-3'));
  });
});
