/**
 * Issue 20, browser tier: an administrator builds a questionnaire template with five question
 * kinds, publishes it, and releases a named one-time survey built from it to one organization;
 * two members answer it (one on a 390 px phone, with no sideways scroll); a student of another
 * organization neither sees it nor may open its sheet; a second submission is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActiveStudent, createOrg, loginAdmin, post, postRaw, rootOrgId, uniq, type Session } from './support/api';
import { eventually, toast, useBrowser, visible, waitForPath } from './support/browser';
import { fillNow, loginAdminUI, loginUI, pickAudienceOrg, pickOption, sessionOf } from './support/flows';

const NEW_PASSWORD = 'Passw0rd-e2e';

/** Sets a date-time field to `days` days from now, as the browser formats it. */
async function fillDaysAhead(page: Page, testId: string, days: number): Promise<void> {
  const text = await page.evaluate((d) => {
    const at = new Date(Date.now() + d * 86_400_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
  }, days);
  const field = page.getByTestId(testId);
  await field.click();
  await field.fill(text);
  await field.press('Enter');
}

/** How far the document scrolls sideways (0: it fits the viewport). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Opens the survey from "my surveys" (its start is "now", so the list is reloaded until it is
 * open), answers all five questions and submits; answers the sideways scroll of the filled page.
 */
async function answerSurvey(page: Page, name: string): Promise<number> {
  await page.goto('/student-center/questionnaires');
  const item = page.getByTestId('my-survey-item').filter({ hasText: name });
  await eventually(async () => {
    if (!(await item.getByTestId('my-survey-answer').isVisible())) {
      await page.reload();
      await visible(item.getByTestId('my-survey-answer'), 3000);
    }
  }, 20_000);
  await item.getByTestId('my-survey-answer').click();
  await visible(page.getByTestId('survey-answer-page'));
  await page.getByTestId('q-q1-opt-1').click();
  await page.getByTestId('q-q2-opt-0').click();
  await page.getByTestId('q-q2-opt-1').click();
  await page.getByTestId('q-q3-text').fill('多一些素菜');
  await page.getByTestId('q-q4-rating').locator('.ant-rate-star').nth(3).click();
  await page.getByTestId('q-q5-0-4').click();
  const scroll = await sidewaysScroll(page);
  await page.getByTestId('survey-submit').click();
  await page.getByTestId('survey-submit-ok').click();
  await visible(page.getByTestId('survey-thanks'));
  return scroll;
}

describe('questionnaires and surveys', () => {
  const b = useBrowser();

  it('a template of five kinds becomes a named survey of one organization: its members answer once, an outsider never sees it', async () => {
    const admin = await loginAdmin();
    const root = await rootOrgId(admin);
    const orgName = uniq('E2E调查部门');
    const orgId = await createOrg(admin, { parentId: root, name: orgName });
    const otherOrg = await createOrg(admin, { parentId: root, name: uniq('E2E其他部门') });
    const first = await createActiveStudent(admin, NEW_PASSWORD, { orgId });
    const second = await createActiveStudent(admin, NEW_PASSWORD, { orgId });
    const outsider = await createActiveStudent(admin, NEW_PASSWORD, { orgId: otherOrg });

    // The administrator builds the template: single, multiple, short text, rating and matrix.
    const { page } = b;
    await loginAdminUI(page);
    const templateName = uniq('E2E食堂问卷');
    await page.goto('/dashboard/add-questionnaire');
    await visible(page.getByTestId('questionnaire-edit-page'));
    await page.getByTestId('questionnaire-name').fill(templateName);
    const kinds: [string, string][] = [
      ['single', '常来食堂吗？'],
      ['multiple', '喜欢哪些菜？'],
      ['text', '还想吃什么？'],
      ['rating', '总体评分'],
      ['matrix', '各窗口服务'],
    ];
    for (const [i, [kind, title]] of kinds.entries()) {
      await page.getByTestId(`questionnaire-add-${kind}`).click();
      await page.getByTestId(`questionnaire-item-${i}-title`).fill(title);
    }
    await page.getByTestId('questionnaire-item-0-option-0').fill('每天');
    await page.getByTestId('questionnaire-item-0-option-1').fill('偶尔');
    await page.getByTestId('questionnaire-item-1-option-0').fill('面食');
    await page.getByTestId('questionnaire-item-1-option-1').fill('米饭');
    await page.getByTestId('questionnaire-item-4-row-0').fill('一号窗口');
    await page.getByTestId('questionnaire-save').click();
    await waitForPath(page, '/dashboard/manage-questionnaires');
    const templateRow = await visible(page.locator('tr').filter({ hasText: templateName }));
    // Publish sits in the row's "more" menu (edit shows first), which asks in a dialog.
    await templateRow.getByTestId('crud-row-more').click();
    await page.locator('.ant-dropdown:visible').getByTestId('crud-row-publish').click();
    await page.getByTestId('crud-popconfirm-ok').click();
    await visible(page.locator('tr').filter({ hasText: templateName }).getByTestId('questionnaire-status-published'));

    // A named, one-time survey from it, for the organization, saved and released.
    const surveyName = uniq('E2E食堂调查');
    await page.goto('/dashboard/add-survey');
    await visible(page.getByTestId('survey-edit-page'));
    await page.getByTestId('survey-name').fill(surveyName);
    await fillNow(page, 'survey-start');
    await fillDaysAhead(page, 'survey-end', 2);
    await page.getByTestId('survey-anonymous-no').click();
    await page.getByTestId('survey-repeatable-no').click();
    await pickAudienceOrg(page, 'survey-audience', { id: orgId, name: orgName });
    await page.getByTestId('survey-template').click();
    await page.keyboard.type(templateName);
    await pickOption(page, templateName);
    await visible(page.getByTestId('survey-items').getByText('各窗口服务'));
    await page.getByTestId('survey-submit-publish').click();
    await visible(toast(page).filter({ hasText: '已保存并发布' }));
    await waitForPath(page, '/dashboard/manage-survey');
    // The signed-in page holds the administrator's one session now.
    const found = await post<{ records: { id: number; name: string; status: string }[] }>(await sessionOf(page), 'survey/list', { page: 1, size: 10, keyword: surveyName });
    expect(found.records.map((r) => [r.name, r.status])).toEqual([[surveyName, 'released']]);
    const surveyId = found.records[0]!.id;

    // The first member answers on a computer.
    const fp = await b.newUserPage();
    await loginUI(fp, first.username, NEW_PASSWORD, 'student');
    await answerSurvey(fp, surveyName);

    // The second on a phone: the page never scrolls sideways.
    const sp = await b.newUserPage();
    await sp.setViewportSize({ width: 390, height: 844 });
    await loginUI(sp, second.username, NEW_PASSWORD, 'student');
    expect(await answerSurvey(sp, surveyName)).toBeLessThanOrEqual(0);
    expect(await sidewaysScroll(sp)).toBeLessThanOrEqual(0);

    // One-time: a second submission of the same answers is refused.
    const secondSession: Session = await sessionOf(sp);
    const sheet = await post<{ state: string }>(secondSession, 'survey/my/sheet', { id: surveyId });
    expect(sheet.state).toBe('answered');
    const again = await postRaw(secondSession, 'survey/my/submit', { id: surveyId, answers: { q1: { picks: [0] } } });
    expect([again.status, again.body?.msg]).toEqual([409, 'REPEAT_SUBMIT_ERROR']);

    // The outsider: not in "my surveys", and the sheet is refused.
    const op = await b.newUserPage();
    await loginUI(op, outsider.username, NEW_PASSWORD, 'student');
    await op.goto('/student-center/questionnaires');
    await visible(op.getByTestId('my-surveys-page'));
    const outsiderSession = await sessionOf(op);
    const mine = await post<{ records: { name: string }[] }>(outsiderSession, 'survey/my', { page: 1, size: 100 });
    expect(mine.records.map((r) => r.name)).not.toContain(surveyName);
    expect(await op.getByTestId('my-survey-name').filter({ hasText: surveyName }).count()).toBe(0);
    const refused = await postRaw(outsiderSession, 'survey/my/sheet', { id: surveyId });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    // The server counted the two members, once each.
    const after = await post<{ records: { respondents: number }[] }>(await sessionOf(page), 'survey/list', { page: 1, size: 10, keyword: surveyName });
    expect(after.records.map((r) => r.respondents)).toEqual([2]);

    // The results page: figures against the audience, a chart per choice question, the text answers, and the raw
    // answers in Excel (one row per respondent, the text answer in it).
    await page.goto(`/dashboard/survey-result?id=${surveyId}`);
    await visible(page.getByTestId('survey-figures'));
    await expect.poll(() => page.getByTestId('survey-respondents').textContent()).toContain('2');
    await expect.poll(() => page.getByTestId('survey-audience').textContent()).toContain('2');
    await expect.poll(() => page.getByTestId('survey-rate').textContent()).toContain('100');
    await expect.poll(() => page.locator('[data-testid="survey-items"] canvas').count()).toBeGreaterThanOrEqual(3);
    await visible(page.getByTestId('survey-items').getByText('多一些素菜'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('survey-export-answers').click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-survey-')), 'answers.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const cells: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => cells.push(Array.from(r.values as unknown[], (v) => String(v ?? ''))));
    expect(cells.filter((r) => r.includes('多一些素菜'))).toHaveLength(2);
  });
});
