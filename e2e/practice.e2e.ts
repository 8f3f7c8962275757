/**
 * Practice and the mistake set, browser tier, on a 390 px phone: a student of the exercise's audience
 * starts a practice, answers a question wrong and sees the right answer and the analysis at once,
 * finishes and sees the summary; the question is in the mistake set, answered right there it leaves it.
 * The exercise comes in through the API as the back office builds one.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActiveStudent, createApprovedQuestions, createOrg, createPublishedExercise, loginAdmin, post, uniq } from './support/api';
import { gone, useBrowser, visible } from './support/browser';
import { loginUI } from './support/flows';

const PHONE = 390;

async function fitsPhone(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width}px wide`).toBeLessThanOrEqual(PHONE);
}

describe('practice', () => {
  const b = useBrowser();

  it('answers with immediate feedback, sums up, and keeps the wrong question in the mistake set until answered right, at 390 px', async () => {
    const admin = await loginAdmin();
    const orgId = await createOrg(admin, { name: uniq('练习部') });
    const { id: bank } = await post<{ id: number }>(admin, 'question-sort/insert', { name: uniq('题库').slice(0, 20) });
    const [questionId] = await createApprovedQuestions(admin, [
      { type: 'judgment', categoryId: bank, stem: `${uniq('地球是圆的')}`, score: 5, answers: ['T'], analysis: '卫星照片为证' },
    ]);
    const paper = await post<{ id: number }>(admin, 'paper/insert', { name: uniq('练习卷'), kind: 'fixed', items: [{ questionId, score: 10 }] });
    const name = uniq('安全练习');
    await createPublishedExercise(admin, { name, paperId: paper.id, times: 2, orgId });
    const stu = await createActiveStudent(admin, 'Practice-1234', { orgId });

    const phone = await b.newUserPage();
    await phone.setViewportSize({ width: PHONE, height: 844 });
    await loginUI(phone, stu.username, 'Practice-1234', 'student');
    await phone.goto('/student-center/practice');
    const item = await visible(phone.getByTestId('my-exercise-item').filter({ hasText: name }));
    await fitsPhone(phone, 'my practice');
    await item.getByTestId('practice-start').click();
    await visible(phone.getByTestId('practice-session'));
    await phone.getByText('错误', { exact: true }).click();
    await phone.getByTestId('practice-submit-answer').click();
    await visible(phone.getByTestId('feedback-wrong'));
    await visible(phone.getByTestId('practice-feedback').filter({ hasText: '卫星照片为证' }));
    await fitsPhone(phone, 'the practice session');
    await phone.getByTestId('practice-finish').click();
    await visible(phone.getByTestId('practice-summary'));

    await phone.goto('/student-center/mistakes');
    const mistake = await visible(phone.getByTestId('mistake-item').filter({ hasText: name }));
    await fitsPhone(phone, 'the mistake set');
    await mistake.getByTestId('mistake-practise').click();
    await mistake.getByText('正确', { exact: true }).click();
    await mistake.getByTestId('mistake-check').click();
    await visible(mistake.getByTestId('feedback-correct'));
    await mistake.getByTestId('mistake-again').click();
    await gone(phone.getByTestId('mistake-item').filter({ hasText: name }));
  });
});
