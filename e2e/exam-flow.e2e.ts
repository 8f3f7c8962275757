/**
 * An exam from bank to result, browser tier (issue 12): an administrator builds a bank with three
 * question types (one imported from Excel), a random paper and an exam with a reviewer; a student
 * takes it with autosave and a reload in the middle and submits; the reviewer marks the short
 * answer and publishes the scores; the student sees the score, the ranking and the mistake set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createActiveStudent, createOrg, loginAdmin, rootOrgId, uniq } from './support/api';
import { confirmDialog, eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, loginUI, pickAudienceOrg, pickOption } from './support/flows';

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

/** The input of an InputNumber by its test id (antd puts the id on the input or on its wrapper). */
const numberInput = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid=${testId}], [data-testid=${testId}] input`).last();

/** Types a date-time `minutes` from now into a picker, as the browser formats it. */
async function fillTime(page: Page, testId: string, minutes: number) {
  const text = await page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, minutes);
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Types a stem into the question form's rich-text editor. */
async function typeStem(page: Page, text: string) {
  const editor = page.getByTestId('question-stem-content');
  await visible(editor);
  await editor.click();
  await page.keyboard.type(text);
}

/** Saves a question through the add-question form and waits for the list. */
async function addQuestion(page: Page, bank: string, fill: (page: Page) => Promise<void>) {
  await page.getByTestId('crud-add').click();
  await waitForPath(page, '/dashboard/add-question');
  await visible(page.getByTestId('question-edit-page'));
  await page.getByTestId('question-category').click();
  await pickOption(page, bank);
  await fill(page);
  await page.getByTestId('question-submit').click();
  await waitForPath(page, '/dashboard/manage-questions');
}

/** The judgment template downloaded from the import page, filled with one row. */
async function judgmentWorkbook(page: Page, stem: string, bank: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('question-template').click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-q-')), 'judgment.xlsx');
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0]!;
  // The header row is the one naming the stem (the template may keep notes above it).
  let headerRow = 1;
  ws.eachRow((r, n) => {
    if (headerRow === 1 && (r.values as unknown[]).some((v) => String(v ?? '').startsWith('题干'))) headerRow = n;
  });
  const headers = Array.from(ws.getRow(headerRow).values as unknown[], (v) => String(v ?? ''));
  const column = (start: string) => headers.findIndex((h) => h.startsWith(start));
  const row = ws.getRow(headerRow + 1);
  row.getCell(column('题干')).value = stem;
  row.getCell(column('答案')).value = '正确';
  row.getCell(column('分值')).value = 5;
  row.getCell(column('分类')).value = bank;
  row.commit();
  await wb.xlsx.writeFile(file);
  return file;
}

export interface BuiltExam {
  name: string;
  paper: string;
  stems: { single: string; short: string; judgment: string };
  orgId: number;
  student: { username: string; password: string };
}

/** The administrator's part, through the back office as a person would. */
async function buildExamAsAdmin(page: Page): Promise<BuiltExam> {
  const admin = await loginAdmin();
  const root = await rootOrgId(admin);
  const org = { id: 0, name: uniq('考试部') };
  org.id = await createOrg(admin, { parentId: root, name: org.name });
  const stu = await createActiveStudent(admin, 'Exam-1234', { orgId: org.id });

  await loginAdminUI(page);
  await page.goto('/dashboard/manage-questions');
  await visible(page.getByTestId('question-page'));
  const bank = uniq('安全题库');
  await page.getByTestId('question-categories-add-root').click();
  await page.getByTestId('question-categories-name').fill(bank);
  await page.getByTestId('question-categories-submit').click();
  await visible(page.getByTestId('question-categories-tree').getByText(bank));

  const single = uniq('灭火器压力表指针应在哪个区域');
  await addQuestion(page, bank, async (p) => {
    await typeStem(p, single);
    await p.getByTestId('question-option-0').fill('绿色区域');
    await p.getByTestId('question-option-1').fill('红色区域');
    await p.getByTestId('question-answer').getByText('A', { exact: true }).click();
    await p.getByTestId('question-score').fill('5');
  });
  const short = uniq('简述叉车作业前的检查步骤');
  await addQuestion(page, bank, async (p) => {
    await p.getByTestId('question-type').getByText('简答题').click();
    await typeStem(p, short);
    await p.getByTestId('question-answer-text').fill('检查制动、转向、货叉与液压系统');
    await p.getByTestId('question-score').fill('10');
  });

  await page.getByTestId('question-upload-link').click();
  await waitForPath(page, '/dashboard/add-question-upload');
  await page.getByTestId('question-upload-type').click();
  await pickOption(page, '判断题');
  const judgment = uniq('进入受限空间前必须检测气体');
  const file = await judgmentWorkbook(page, judgment, bank);
  await page.getByTestId('question-import').click();
  await page.getByTestId('question-import-dialog').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('question-import-check').click();
  await page.getByTestId('question-import-commit').click();
  await page.getByTestId('question-import-close').click();
  await waitForPath(page, '/dashboard/manage-questions');

  // Submit the three for approval and approve them (a paper takes approved questions only).
  await page.getByTestId('question-categories-tree').getByText(bank).click();
  for (const stem of [single, short, judgment]) await visible(page.getByRole('row').filter({ hasText: stem }));
  for (const action of ['submit', 'approve']) {
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByTestId(`crud-batch-${action}`).click();
    await confirmDialog(page).getByTestId('crud-confirm-ok').click();
    await eventually(async () => expect(await page.getByTestId('crud-selected-count').count()).toBe(0));
  }
  await eventually(async () => {
    const { rows } = await db.query(`select count(*)::int n from questions q join question_categories c on c.id = q.category_id where c.name = $1 and q.status = 'approved'`, [
      bank,
    ]);
    expect(rows[0].n).toBe(3);
  });

  // A random paper: one question of each type drawn from the bank.
  const paper = uniq('安全随机卷');
  await page.goto('/dashboard/add-paper');
  await visible(page.getByTestId('paper-edit-page'));
  await page.getByTestId('paper-name').fill(paper);
  await page.getByTestId('paper-kind').getByText('随机').click();
  const rules: [string, string][] = [
    ['单选题', '5'],
    ['判断题', '5'],
    ['简答题', '10'],
  ];
  for (const [i, [type, score]] of rules.entries()) {
    if (i > 0 || (await page.getByTestId('paper-rule').count()) === 0) await page.getByTestId('paper-add-rule').click();
    const rule = page.getByTestId('paper-rule').nth(i);
    await rule.getByTestId('paper-rule-bank').click();
    await pickOption(page, bank);
    await rule.getByTestId('paper-rule-type').click();
    await pickOption(page, type);
    await numberInput(rule, 'paper-rule-count').fill('1');
    await numberInput(rule, 'paper-rule-score').fill(score);
  }
  await expect.poll(() => page.getByTestId('paper-total').textContent()).toContain('20');
  await page.getByTestId('paper-save').click();
  await waitForPath(page, '/dashboard/manage-test-paper');

  // The exam in three steps: reviewer marking, scores shown once published, ranking and answers public.
  const exam = uniq('叉车安全考试');
  await page.goto('/dashboard/add-test');
  await page.getByTestId('exam-name').fill(exam);
  await fillTime(page, 'exam-start', 2);
  await fillTime(page, 'exam-end', 24 * 60);
  await numberInput(page, 'exam-duration').fill('30');
  await numberInput(page, 'exam-pass').fill('60');
  await numberInput(page, 'exam-attempts').fill('2');
  await page.getByTestId('exam-next').click();
  await page.getByTestId('exam-paper').click();
  await page.keyboard.type(paper);
  await pickOption(page, paper);
  await visible(page.getByTestId('exam-paper-facts'));
  await page.getByTestId('field-markingMode').click();
  await pickOption(page, '人工阅卷');
  await page.getByTestId('exam-reviewers').click();
  // Searched by name: the first page of people (by name) need not reach the administrator once other files made people.
  await page.keyboard.type('系统管理员');
  await pickOption(page, '系统管理员');
  await page.keyboard.press('Escape');
  for (const label of ['公布答案', '公布排名']) await page.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-switch').click();
  await page.getByTestId('exam-next').click();
  await pickAudienceOrg(page, 'exam-audience', org);
  await page.getByTestId('exam-submit-publish').click();
  await waitForPath(page, '/dashboard/manage-test');
  const { rows } = await db.query(`select id, status, total, marking_mode from exams where name = $1`, [exam]);
  expect(rows[0]).toMatchObject({ status: 'published', total: 20, marking_mode: 'reviewer' });
  // Published for two minutes from now: the test does not wait for the clock, it moves the start back.
  await db.query(`update exams set start_at = now() - interval '1 minute' where id = $1`, [rows[0].id]);

  return { name: exam, paper, orgId: org.id, student: { username: stu.username, password: 'Exam-1234' }, stems: { single, short, judgment } };
}

/** The question of the sheet whose stem holds `stem` (the paper is random: positions differ per attempt). */
const questionOf = (page: Page, stem: string) => page.locator('[data-testid^=question-]').filter({ hasText: stem });

/** Waits until the sheet says every answer is saved. */
async function allSaved(page: Page) {
  await eventually(async () => expect(await page.getByTestId('save-state').first().getAttribute('data-kind')).toBe('saved'));
}

describe('an exam from bank to result', () => {
  const b = useBrowser();

  it('is built in the back office, taken with autosave across a reload, marked, published and seen by the student', async () => {
    const admin = b.page;
    const built = await buildExamAsAdmin(admin);
    const { rows: papers } = await db.query(`select kind, total from papers where name = $1`, [built.paper]);
    expect(papers[0]).toMatchObject({ kind: 'random', total: 20 });
    const { rows: exams } = await db.query<{ id: number }>(`select id from exams where name = $1`, [built.name]);
    const examId = exams[0]!.id;

    // The student starts from "my exams" and answers two questions.
    const stu = await b.newUserPage();
    await loginUI(stu, built.student.username, built.student.password, 'student');
    await stu.goto('/student-center/exams');
    const item = await visible(stu.getByTestId('my-exam-item').filter({ hasText: built.name }));
    await item.getByTestId('my-exam-start').click();
    await stu.getByTestId('start-confirm-ok').click();
    await visible(stu.getByTestId('answer-sheet'));
    await questionOf(stu, built.stems.single).getByText('红色区域').click(); // wrong on purpose: the mistake set gets it
    await questionOf(stu, built.stems.judgment).locator('[data-testid$=-T]').click();
    await allSaved(stu);

    // A reload in the middle: the server's sheet brings both answers back.
    await stu.reload();
    await visible(stu.getByTestId('answer-sheet'));
    await expect.poll(() => questionOf(stu, built.stems.single).locator('.ant-radio-wrapper-checked').textContent()).toContain('红色区域');
    await expect
      .poll(() => questionOf(stu, built.stems.judgment).locator('.ant-radio-wrapper-checked:has([data-testid$=-T]), .ant-radio-wrapper-checked[data-testid$=-T]').count())
      .toBe(1);
    await questionOf(stu, built.stems.short).locator('textarea').fill('先检查制动和转向，再检查货叉与液压系统');
    await allSaved(stu);
    const { rows: attempts } = await db.query<{ id: number; answered: number }>(
      `select a.id, count(x.answer)::int answered from exam_attempts a join exam_attempt_answers x on x.attempt_id = a.id where a.exam_id = $1 group by a.id`,
      [examId],
    );
    expect(attempts[0]!.answered).toBe(3);
    const attemptId = attempts[0]!.id;

    await stu.getByTestId('submit').first().click();
    await stu.getByTestId('submit-confirm-ok').click();
    await visible(stu.getByTestId('exam-result'));
    await expect.poll(() => stu.getByTestId('result-score').textContent()).toContain('待阅卷');

    // The reviewer marks the short answer and publishes the scores.
    await admin.goto(`/dashboard/manage-marking`);
    await admin.getByTestId(`marking-open-${examId}`).click();
    await admin.getByTestId(`mark-attempt-${attemptId}`).click();
    await visible(admin.getByTestId('paper-detail'));
    // The short answer is the one subjective question: the only mark input.
    await admin.locator('[data-testid^=mark-input-] input, input[data-testid^=mark-input-]').first().fill('8');
    await admin.getByTestId('marks-save').click();
    await expect.poll(() => admin.getByTestId('paper-score').textContent()).toBe('13');
    await admin.goto(`/dashboard/manage-marking`);
    await admin.getByTestId(`publish-scores-${examId}`).click();
    await admin.locator('.ant-popconfirm .ant-btn-primary').click();
    await eventually(async () => {
      const { rows } = await db.query(`select scores_published_at from exams where id = $1`, [examId]);
      expect(rows[0].scores_published_at).not.toBeNull();
    });

    // The student sees the score, the ranking and the wrong question in the mistake set.
    await stu.goto('/student-center/exams');
    const done = await visible(stu.getByTestId('my-exam-item').filter({ hasText: built.name }));
    await expect.poll(() => done.getByTestId('my-exam-score').textContent()).toContain('13');
    await done.getByTestId('my-exam-results').click();
    await visible(stu.getByTestId('exam-result'));
    await stu.getByTestId('result-ranking').click();
    const ranking = await visible(stu.getByTestId('my-ranking-page'));
    await expect.poll(() => ranking.textContent()).toContain('13');
    await stu.goto('/student-center/mistakes');
    await visible(stu.getByTestId('mistakes-page'));
    await visible(stu.getByTestId('mistake-item').filter({ hasText: built.stems.single }));
    expect(await stu.getByTestId('mistake-item').filter({ hasText: built.stems.judgment }).count()).toBe(0);
  });
});
