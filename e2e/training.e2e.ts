/**
 * Issue 22, browser tier: a training class from an annual plan line to the lecturer's evaluation.
 * An approved annual plan line (API); an administrator creates an in-plan class in the back office
 * (enrolment approval on, one stage taught by a lecturer who has an account, a class teacher) and
 * publishes it; a student on a 390 px phone signs up and waits for approval; the approver approves
 * in the back office; the class teacher shows the sign-in QR and the student opens its address on the
 * phone and is signed in; the back office sees them present and enters their result; the student
 * answers the class's and the lecturer's questionnaires on the phone; the lecturer reads the average.
 * The student's list, detail and sign-in pages leave screenshots at 390 px in the three languages
 * (e2e/artifacts/training-<page>-<lang>.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CERTIFICATE_DEFAULT_LAYOUT, maskHolderName } from '@hanlin/shared';
import { activate, createActiveStudent, createEmployee, createOrg, createRole, loginAdmin, post, rootOrgId, uniq, type CreatedPerson, type Session } from './support/api';
import { eventually, toast, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, loginUI, pickOption, sessionOf } from './support/flows';
import { settled } from './support/axe';
import { ARTIFACTS_DIR } from './support/paths';

const PASSWORD = 'Passw0rd-e2e';
const PHONE = { width: 390, height: 844 };
const LANGS = ['zh-CN', 'en-US', 'pt'] as const;

/** How far the document scrolls sideways (0: it fits the viewport). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** `YYYY-MM-DD HH:mm:ss` (or without seconds) in local time, as the date pickers take it (the browser shares this time zone). */
function local(ms: number, seconds = true): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  return seconds ? `${day}:${p(d.getSeconds())}` : day;
}

async function typeDate(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.click();
  await field.fill(text);
  await field.press('Enter');
}

/** Picks a value of a searched select (the class editor's choices) by typing part of its label. */
async function searchPick(page: Page, testId: string, search: string): Promise<void> {
  const select = page.getByTestId(testId);
  await eventually(async () => {
    await select.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(search);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: search }).first().click({ timeout: 5000 });
    await expect.poll(() => select.innerText(), { timeout: 3000 }).toContain(search);
  });
}

/** One approver (a user) for a business type: the flow is defined, or its steps replaced when another test defined it. */
async function defineFlow(admin: Session, businessType: string, userId: number): Promise<void> {
  const steps = [{ name: '审批', mode: 'orSign', approvers: [{ kind: 'user', userId }] }];
  const found = await post<{ records: { id: number; businessType: string }[] }>(admin, 'approval-flow/list', { page: 1, size: 50, businessType });
  const flow = found.records.find((f) => f.businessType === businessType);
  if (flow) await post(admin, 'approval-flow/update', { id: flow.id, steps });
  else await post(admin, 'approval-flow/insert', { businessType, name: uniq(`E2E ${businessType} `), steps });
}

/** A line of an approved annual plan of `orgId` (the administrator approves it through the engine): the line's id. */
async function approvedPlanLine(admin: Session, orgId: number, planName: string): Promise<number> {
  await defineFlow(admin, 'annualPlan', admin.userId);
  const plan = await post<{ id: number; lines: { id: number }[] }>(admin, 'year-plan/insert', {
    name: planName,
    year: new Date().getFullYear(),
    type: 'annual',
    orgId,
    lines: [
      {
        month: 6,
        sessions: 1,
        trainingType: 'Safety',
        content: 'Fire safety class',
        form: 'inside',
        days: 1,
        siteFee: 100_000,
        teacherFee: 50_000,
        textbookFee: 0,
        travelFee: 0,
      },
    ],
  });
  await post(admin, 'year-plan/submit', { id: plan.id });
  const todo = await post<{ records: { id: number; businessType: string; businessId: number }[] }>(admin, 'approval/todo', { page: 1, size: 100 });
  const task = todo.records.find((r) => r.businessType === 'annualPlan' && r.businessId === plan.id);
  if (!task) throw new Error('the annual plan is not in the administrator’s approvals');
  await post(admin, 'approval/decide', { id: task.id, decision: 'approve', comment: 'ok' });
  const approved = await post<{ state: string }>(admin, 'year-plan/get', { id: plan.id });
  expect(approved.state).toBe('approved');
  return plan.lines[0]!.id;
}

async function signInAs(page: Page, person: CreatedPerson, entry: 'manage' | 'student'): Promise<void> {
  await loginUI(page, person.username, PASSWORD, entry);
}

/** Screenshots of the page in each language (localStorage `lang`, reloaded), back in Chinese at the end; the Chinese lines of the non-Chinese ones. */
async function shootLanguages(page: Page, what: string, ready: (page: Page) => Promise<unknown>): Promise<Record<string, { scroll: number; chinese: string[] }>> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const found: Record<string, { scroll: number; chinese: string[] }> = {};
  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
    await ready(page);
    await page.waitForLoadState('networkidle');
    // Sideways scroll measured before the full-page shot, which stretches the viewport for a moment.
    const scroll = await sidewaysScroll(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `training-${what}-${lang}.png`), fullPage: true });
    const chinese = lang === 'zh-CN' ? [] : await page.evaluate(() => (document.body.innerText.match(/[^\n]*[\u3400-\u9fff][^\n]*/g) ?? []).map((l) => l.trim()));
    found[lang] = { scroll, chinese };
  }
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.reload();
  await ready(page);
  return found;
}

describe('training classes end to end', () => {
  const b = useBrowser();

  it('plan line → class → sign-up approved → QR sign-in on a phone → present → result → certificate → satisfaction → lecturer evaluation', async () => {
    const began = Date.now();
    const admin = await loginAdmin();
    const root = await rootOrgId(admin);
    const tag = uniq('').slice(-6);
    const deptName = `E2E Training Dept ${tag}`;
    const dept = await createOrg(admin, { parentId: root, name: deptName });
    const planName = `E2E Plan ${tag}`;
    const lineId = await approvedPlanLine(admin, dept, planName);

    // The people: a student of the department, the enrolment approver, the class teacher, the lecturer (with an account).
    const student = await createActiveStudent(admin, PASSWORD, { orgId: dept, realname: `Student ${tag}` });
    const approverRole = await createRole(admin, { name: uniq('E2E报名审批'), permissions: ['pxbmsp', 'pxbmsp:approve'] });
    const approver = await createEmployee(admin, { roleIds: [approverRole], realname: `Approver ${tag}` });
    await activate(approver, PASSWORD, 'manage');
    const headRole = await createRole(admin, { name: uniq('E2E班主任'), permissions: ['pxgl-bzr'] });
    const headmaster = await createEmployee(admin, { roleIds: [headRole], realname: `Headmaster ${tag}` });
    await activate(headmaster, PASSWORD, 'student');
    const lecturerRole = await createRole(admin, { name: uniq('E2E讲师'), permissions: ['pxgl-js', 'pxpj-js'] });
    const lecturerUser = await createEmployee(admin, { roleIds: [lecturerRole], realname: `Lecturer ${tag}` });
    await activate(lecturerUser, PASSWORD, 'student');
    const lecturerName = `Lecturer ${tag}`;
    const lecturerId = (
      await post<{ id: number }>(admin, 'teacher/insert', { userId: lecturerUser.id, realname: lecturerName, username: `lec${tag}`, kind: 'internal', orgId: root })
    ).id;
    // A published questionnaire of one five-star rating (the class's and the lecturer's questionnaires use it).
    const questionnaireId = (
      await post<{ id: number }>(admin, 'questionnaire/insert', {
        name: uniq('E2E培训满意度'),
        items: [{ kind: 'rating', key: 'overall', title: 'Overall', required: true, scale: 5 }],
      })
    ).id;
    await post(admin, 'questionnaire/publish', { ids: [questionnaireId] });
    // The class's completion certificate (its template's page is walked by the course flow).
    const certName = `E2E Fire Cert ${tag}`;
    await post(admin, 'certificate/template/insert', { name: certName, authority: 'Hanlin Safety Academy', validityMonths: 24, layout: CERTIFICATE_DEFAULT_LAYOUT });

    // The administrator creates the class in the back office. Enrolment closes and the class starts in 50 s: the
    // student signs up before, answers the questionnaires after. The stage (picked to the minute) starts at the
    // next whole minute; its sign-in is open from half an hour before.
    const { page } = b;
    await loginAdminUI(page);
    await page.goto('/dashboard/add-train-class');
    await visible(page.getByTestId('train-class-name'));
    const className = `E2E Fire Safety ${tag}`;
    const startsAt = Math.ceil((Date.now() + 50_000) / 1000) * 1000;
    const stageAt = Math.ceil(startsAt / 60_000) * 60_000;
    const marks: string[] = [];
    const mark = (what: string) => marks.push(`${what} ${((Date.now() - startsAt) / 1000).toFixed(0)} s`);
    await page.getByTestId('train-class-name').fill(className);
    await page.getByTestId('train-class-org').click();
    await pickOption(page, deptName);
    await page.getByTestId('train-class-plan-kind').click();
    await pickOption(page, '计划内');
    await searchPick(page, 'train-class-plan-line', planName);
    await typeDate(page, 'train-class-start', local(startsAt));
    await typeDate(page, 'train-class-end', local(startsAt + 86_400_000));
    await typeDate(page, 'train-class-enrol-start', local(Date.now() - 3_600_000));
    await typeDate(page, 'train-class-enrol-end', local(startsAt));
    await page.getByTestId('train-class-quota').fill('30');
    await page.getByTestId('train-class-enrol-approval').click();
    await searchPick(page, 'train-class-certificate', certName);
    await searchPick(page, 'train-class-headmaster', `Headmaster ${tag}`);
    await page.getByTestId('train-class-stage-add').click();
    await page.getByTestId('train-class-stage-name-0').fill('Evacuation drill');
    // (the picker's test id lands on its first input or on its box, whichever the version of Ant Design puts it on)
    const span = page.locator('.ant-picker-range[data-testid="train-class-stage-time-0"], .ant-picker-range:has([data-testid="train-class-stage-time-0"])').locator('input');
    await span.first().click();
    await span.first().fill(local(stageAt, false));
    await span.first().press('Enter');
    await span.nth(1).fill(local(stageAt + 2 * 3_600_000, false));
    await span.nth(1).press('Enter');
    await page.getByTestId('train-class-stage-place-0').fill('Hall A');
    await searchPick(page, 'train-class-stage-lecturer-0', lecturerName);
    await page.getByTestId('train-class-stage-topic-0').fill('Exits and extinguishers');
    await page.getByTestId('train-class-submit').click();
    await waitForPath(page, '/dashboard/manage-train-class');

    // Published from the list.
    const row = page.locator('tr').filter({ has: page.getByTestId('train-class-row-name').filter({ hasText: className }) });
    await visible(row);
    await row.getByRole('checkbox').check();
    await page.getByTestId('crud-batch-publish').click();
    await page.getByTestId('crud-confirm-ok').click();
    await visible(row.getByTestId('train-class-state-published'));
    mark('published');
    const adminApi = await sessionOf(page);
    const listed = await post<{ records: { id: number; state: string; yearPlanLineId?: number }[] }>(adminApi, 'train-class/list', { page: 1, size: 10, keyword: className });
    expect(listed.records.map((r) => r.state)).toEqual(['published']);
    const classId = listed.records[0]!.id;
    const detail = await post<{ yearPlanLineId: number; enrolApproval: boolean; headmasterId: number; stages: { id: number; lecturerId: number }[] }>(
      adminApi,
      'train-class/get',
      { id: classId },
    );
    expect(detail).toMatchObject({ yearPlanLineId: lineId, enrolApproval: true, headmasterId: headmaster.id });
    expect(detail.stages.map((s) => s.lecturerId)).toEqual([lecturerId]);
    const stageId = detail.stages[0]!.id;

    // Sign-ups go to the approver through the engine.
    await defineFlow(adminApi, 'enrolment', approver.id);

    // The student, on a phone: the training list, the class, sign up (pending approval).
    const sp = await b.newUserPage();
    await sp.setViewportSize(PHONE);
    await signInAs(sp, student, 'student');
    await sp.goto(`/portal/training?keyword=${encodeURIComponent(className)}`);
    const item = sp.getByTestId('training-item').filter({ hasText: className });
    await visible(item);
    await item.getByTestId('training-link').click();
    await waitForPath(sp, `/portal/training/${classId}`);
    await visible(sp.getByTestId('training-apply'));
    await sp.getByTestId('training-apply').click();
    await visible(sp.getByTestId('enrolment-state-pending'));
    mark('signed up');
    expect(Date.now(), 'signed up before the enrolment deadline').toBeLessThan(startsAt);
    const shots: Record<string, Record<string, { scroll: number; chinese: string[] }>> = {};
    shots.detail = await shootLanguages(sp, 'detail', (p) => visible(p.getByTestId('enrolment-state-pending')));
    // Every fact of the class has a label and a value (no empty rows for the fields left blank).
    const facts = await sp.getByTestId('training-facts').locator('.ant-descriptions-item-label, .ant-descriptions-item-content').allInnerTexts();
    expect(facts.length).toBeGreaterThanOrEqual(8);
    expect(facts.filter((f) => !f.trim())).toEqual([]);
    await sp.goto(`/portal/training?keyword=${encodeURIComponent(className)}`);
    shots.list = await shootLanguages(sp, 'list', (p) => visible(p.getByTestId('training-item').filter({ hasText: className })));

    // The approver approves in the back office.
    const ap = await b.newUserPage();
    await signInAs(ap, approver, 'manage');
    await ap.goto('/dashboard/enroll-approval');
    const approval = ap.getByTestId('approval-row').filter({ hasText: className });
    await visible(approval);
    await approval.getByTestId('approval-approve').click();
    await ap.getByTestId('approval-decide-comment').fill('同意');
    await ap.getByTestId('approval-decide-ok').click();
    await visible(toast(ap));
    await expect.poll(() => approval.count()).toBe(0);
    await sp.reload();
    await visible(sp.getByTestId('enrolment-state-approved'));

    // The class teacher opens the class's sign-in QR; its address is what a phone's camera opens.
    const hp = await b.newUserPage();
    await signInAs(hp, headmaster, 'student');
    await hp.goto(`/class-teacher/training/${classId}`);
    await visible(hp.getByTestId('class-workspace'));
    await hp.locator('.ant-tabs-tab[data-node-key="sign-in"]').click();
    const qr = hp.getByTestId('sign-in-qr');
    await visible(qr);
    const link = await qr.getAttribute('data-url');
    await hp.screenshot({ path: path.join(ARTIFACTS_DIR, 'training-class-teacher-qr.png') });
    expect(link).toMatch(/\/portal\/training\/sign-in\?t=/);

    // The student opens it on the phone: signed in, and the page fits the phone.
    await sp.goto(link!);
    await visible(sp.getByTestId('sign-in-result'));
    await expect.poll(() => sp.getByTestId('sign-in-detail').textContent()).toContain(className);
    expect(await sp.locator('.ant-result-success').count()).toBe(1);
    expect(await sidewaysScroll(sp)).toBeLessThanOrEqual(0);
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await sp.screenshot({ path: path.join(ARTIFACTS_DIR, 'training-sign-in-success-zh-CN.png'), fullPage: true });
    // (opened again, in each language, the same address answers "already signed in")
    shots.signIn = await shootLanguages(sp, 'sign-in', (p) => visible(p.getByTestId('sign-in-result')));

    // The back office sees the student present.
    await page.goto('/dashboard/manage-train-attendance');
    await page.getByTestId('attendance-class-picker').click();
    await page.keyboard.type(className);
    await pickOption(page, className);
    const cell = page.getByTestId(`attendance-cell-${stageId}-${student.id}`);
    await visible(cell);
    await expect.poll(() => cell.textContent()).toContain('出勤');
    const sheet = await post<{ records: { stageId: number; userId: number; status: string }[] }>(adminApi, 'train-attendance/sheet', { classId });
    expect(sheet.records).toEqual([expect.objectContaining({ stageId, userId: student.id, status: 'present' })]);

    // Results: before the class starts the sheet says when they can be entered; from the start (server clock)
    // they are entered, submitted and approved.
    await page.goto(`/dashboard/enter-result?classId=${classId}`);
    if (Date.now() < startsAt - 2000) await visible(page.getByTestId('train-result-not-started'));
    await new Promise((r) => setTimeout(r, Math.max(0, startsAt - Date.now() + 1000)));
    mark('results opened');
    await page.reload();
    await visible(page.getByTestId(`train-result-score-${student.id}`));
    expect(await page.getByTestId('train-result-not-started').count()).toBe(0);
    await page.getByTestId(`train-result-score-${student.id}`).fill('88');
    await page.getByTestId('train-result-save').click();
    await visible(toast(page));
    await page.getByTestId('train-result-submit').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await visible(page.getByTestId('train-result-approve'));
    await page.getByTestId('train-result-approve').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    const results = () => post<{ state: string; rows: { userId: number; score: number | null; passed: boolean | null }[] }>(adminApi, 'train-result/sheet', { classId });
    await expect.poll(async () => (await results()).state).toBe('approved');
    await expect.poll(() => page.getByTestId('train-result-state').textContent()).toBe('已通过');
    expect((await results()).rows).toEqual([expect.objectContaining({ userId: student.id, score: 88, passed: true })]);

    // Approved and present at every stage, the student holds the class's certificate: on the class's page (no
    // cancelling a started class), in the student center's face-to-face training, and as a PDF.
    await sp.goto(`/portal/training/${classId}`);
    const held = await visible(sp.getByTestId('training-certificate'));
    const number = (await held.getByTestId('training-certificate-number').innerText()).trim();
    expect(number).toMatch(/^HL-\d{4}-/);
    expect(await sp.getByTestId('training-cancel').count()).toBe(0);
    await sp.goto('/student-center/face-training');
    const mine = sp.getByTestId('my-training-item').filter({ hasText: className });
    await visible(mine);
    expect((await mine.getByTestId('my-training-certificate-number').innerText()).trim()).toBe(number);
    expect(await mine.getByTestId('my-training-cancel').count()).toBe(0);
    expect(await sidewaysScroll(sp)).toBeLessThanOrEqual(0);
    await sp.screenshot({ path: path.join(ARTIFACTS_DIR, 'training-my-training-certificate.png'), fullPage: true });
    const download = sp.waitForEvent('download');
    await mine.getByTestId('my-training-certificate-download').click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Anyone can verify it: the class, its holder, the authority, valid.
    expect(await post(adminApi, 'certificate/verify', { number })).toMatchObject({
      number,
      sourceKind: 'training',
      title: className,
      holder: maskHolderName(`Student ${tag}`),
      authority: 'Hanlin Safety Academy',
      status: 'valid',
    });

    // The class's questionnaire and the lecturer's (API); the class has started: the student answers both on the phone.
    await post(adminApi, 'train-result/set-survey', { classId, lecturerId: null, questionnaireId });
    await post(adminApi, 'train-result/set-survey', { classId, lecturerId, questionnaireId });
    mark('results approved');
    await sp.goto(`/portal/training/${classId}/satisfaction`);
    await visible(sp.getByTestId('train-satisfaction-page'));
    const forms = sp.locator('[data-testid^="train-survey-send-"]');
    await expect.poll(() => forms.count()).toBe(2);
    await sp.screenshot({ path: path.join(ARTIFACTS_DIR, 'training-satisfaction-zh-CN.png'), fullPage: true });
    for (let i = 0; i < 2; i++) {
      const card = sp
        .locator('[data-testid^="train-survey-"]')
        .filter({ has: sp.locator('[data-testid^="train-survey-send-"]') })
        .first();
      await card.getByTestId('q-overall-rating').locator('.ant-rate-star').nth(3).click();
      expect(await sidewaysScroll(sp)).toBeLessThanOrEqual(0);
      await card.locator('[data-testid^="train-survey-send-"]').click();
      await sp.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
      await expect.poll(() => forms.count()).toBe(1 - i);
    }
    expect(await sidewaysScroll(sp)).toBeLessThanOrEqual(0);

    // The lecturer reads the average: four stars of five from the one respondent.
    const lp = await b.newUserPage();
    await signInAs(lp, lecturerUser, 'student');
    await lp.goto('/lecturer/evaluation');
    const card = lp.getByTestId('lecturer-evaluation-class').filter({ hasText: className });
    await visible(card);
    await expect.poll(() => card.locator('.ant-statistic-content').textContent()).toContain('80');
    // The item's average (4 of 5) is drawn as a bar.
    await visible(card.locator('canvas'));
    await settled(lp);
    await lp.screenshot({ path: path.join(ARTIFACTS_DIR, 'training-lecturer-evaluation.png') });
    expect(await card.locator('.ant-statistic-title').textContent()).toContain('1');
    const evaluation = await post<{ classes: { classId: number; result: { respondents: number; score: number; items: { average: number }[] } }[] }>(
      await sessionOf(lp),
      'train-result/my-evaluation',
      {},
    );
    expect(evaluation.classes.find((c) => c.classId === classId)?.result).toMatchObject({ respondents: 1, score: 80, items: [{ average: 4 }] });

    mark('done');
    console.log(`training walk: ${Math.round((Date.now() - began) / 1000)} s; after the class start: ${marks.join(', ')}; pages at 390 px:`, JSON.stringify(shots));
  }, 170_000);
});
