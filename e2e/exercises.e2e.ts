/**
 * Exercises in the back office, browser tier: the administrator opens `manage-exercise`, adds an
 * exercise on a paper through the dialog and publishes it from its row.
 */
import { describe, it } from 'vitest';
import { createApprovedQuestions, loginAdmin, post, uniq } from './support/api';
import { useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI } from './support/flows';

describe('exercises', () => {
  const b = useBrowser();

  it('adds an exercise on a paper and publishes it', async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const [questionId] = await createApprovedQuestions(admin, [{ type: 'judgment', stem: uniq('水是湿的'), score: 5, answers: ['T'] }]);
    const paperName = uniq('练习试卷');
    await post(admin, 'paper/insert', { name: paperName, kind: 'fixed', items: [{ questionId, score: 10 }] });

    await loginAdminUI(page);
    await page.goto('/dashboard/manage-exercise');
    await visible(page.getByTestId('exercise-page'));
    await page.getByTestId('exercise-add').click();
    const form = await visible(page.getByTestId('exercise-form'));
    const name = uniq('消防练习');
    await page.getByTestId('exercise-name').fill(name);
    await form.getByTestId('exercise-paper').click();
    await page.keyboard.type(paperName.slice(-6));
    await page.locator('.ant-select-item-option').filter({ hasText: paperName }).click();
    await page.getByTestId('crud-form-submit').click();
    const row = await visible(page.locator('tr').filter({ hasText: name }));
    await visible(row.getByTestId('exercise-status-draft'));
    await row.getByTestId('crud-row-publish').click();
    await page.getByTestId('crud-popconfirm-ok').click();
    await visible(page.locator('tr').filter({ hasText: name }).getByTestId('exercise-status-published'));
    await waitForPath(page, '/dashboard/manage-exercise');
  });
});
