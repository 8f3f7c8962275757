/**
 * Issue 21, browser tier: an administrator defines a two-step flow for annual plans (a countersign
 * of two back-office approvers, then an or-sign of two students); a department head drafts an annual
 * plan with three lines and submits it; the approvers decide in the back office and in the student
 * center; the refused plan is edited and resubmitted and ends approved, its whole history on the plan.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activate, createActiveStudent, createEmployee, createOrg, createRole, loginAdmin, post, rootOrgId, uniq, type CreatedPerson } from './support/api';
import { eventually, toast, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, loginUI, pickOption } from './support/flows';

const PASSWORD = 'Passw0rd-e2e';

/** Picks a person in a multiple select searched by name (the flow editor's approver fields). */
async function pickPerson(page: Page, testId: string, realname: string): Promise<void> {
  await eventually(async () => {
    await page.getByTestId(testId).click();
    await page.keyboard.type(realname);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: realname }).first().click({ timeout: 5000 });
    await page.getByTestId(testId).locator('.ant-select-selection-item').filter({ hasText: realname }).first().waitFor({ state: 'visible', timeout: 3000 });
  });
  await page.keyboard.press('Escape');
}

/** Decides the plan's approval from an inbox (the back office's year-plan-approval or the student center's approvals). */
async function decide(page: Page, path: string, planName: string, decision: 'approve' | 'refuse', comment: string): Promise<void> {
  await page.goto(path);
  const row = page.getByTestId('approval-row').filter({ hasText: planName });
  await visible(row);
  await row.getByTestId(`approval-${decision}`).click();
  await page.getByTestId('approval-decide-comment').fill(comment);
  await page.getByTestId('approval-decide-ok').click();
  await visible(toast(page));
  await expect.poll(() => row.count()).toBe(0);
}

async function signInAs(page: Page, person: CreatedPerson, entry: 'manage' | 'student'): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await loginUI(page, person.username, PASSWORD, entry);
}

describe('approval flows and annual plans', () => {
  const b = useBrowser();

  it('a two-step flow decides a three-line plan in the back office and the student center; refused, edited, resubmitted, approved', async () => {
    const admin = await loginAdmin();
    const root = await rootOrgId(admin);
    const deptName = uniq('E2E计划部门');
    const dept = await createOrg(admin, { parentId: root, name: deptName });
    const headRole = await createRole(admin, { name: uniq('E2E计划编制'), permissions: ['ndjh', 'ndjh:add', 'ndjh:modify', 'ndjh:delete'] });
    const approverRole = await createRole(admin, { name: uniq('E2E计划审批'), permissions: ['ndjh', 'ndjh:approve'] });
    const head = await createEmployee(admin, { roleIds: [headRole], orgId: dept, scopeOrgIds: [dept], realname: `部门负责人${uniq('').slice(-5)}` });
    await activate(head, PASSWORD, 'manage');
    const names = new Map<number, string>();
    const person = async (realname: string, make: (realname: string) => Promise<CreatedPerson>) => {
      const p = await make(realname);
      names.set(p.id, realname);
      return p;
    };
    const tag = uniq('').slice(-5);
    const counter = await Promise.all(
      ['会签甲', '会签乙'].map((n) =>
        person(`${n}${tag}`, async (realname) => {
          const p = await createEmployee(admin, { roleIds: [approverRole], realname });
          await activate(p, PASSWORD, 'manage');
          return p;
        }),
      ),
    );
    const orSigners = await Promise.all(['或签丙', '或签丁'].map((n) => person(`${n}${tag}`, (realname) => createActiveStudent(admin, PASSWORD, { realname }))));
    const nameOf = (p: CreatedPerson) => names.get(p.id) ?? '';

    // The administrator defines the flow: countersign of the two employees, then or-sign of the two students.
    const { page } = b;
    // One flow per business type: another walk of the run (training) may have defined the annual-plan flow already;
    // then the administrator edits it into this one (a new version) instead of adding a second.
    const existing = (await post<{ records: { id: number; businessType: string }[] }>(admin, 'approval-flow/list', { page: 1, size: 50 })).records.find(
      (f) => f.businessType === 'annualPlan',
    );
    await loginAdminUI(page);
    await page.goto(existing ? `/dashboard/manage-approval-flow-edit?id=${existing.id}` : '/dashboard/manage-approval-flow-edit');
    await visible(page.getByTestId('approval-flow-form'));
    if (existing) {
      await visible(page.getByTestId('approval-step-0'));
      while (await page.getByTestId('approval-step-1').count()) await page.getByTestId('approval-step-1-remove').click();
      const removes = page.getByTestId('approval-step-0-approvers-users').locator('.ant-select-selection-item-remove');
      while (await removes.count()) await removes.first().click();
      for (const cb of ['approval-step-0-approvers-leader', 'approval-step-0-approvers-orgLeader']) {
        const box = page.getByTestId(cb);
        const input = (await box.evaluate((el) => el.tagName)) === 'INPUT' ? box : box.locator('input');
        if (await input.isChecked()) await box.click();
      }
    } else {
      await page.getByTestId('approval-flow-type').click();
      await pickOption(page, '年度计划');
    }
    await page.getByTestId('approval-flow-name').fill(uniq('年度计划审批'));
    await page.getByTestId('approval-step-0-name').fill('部门会签');
    await page.getByTestId('approval-step-0-mode').getByText('会签').click();
    for (const p of counter) await pickPerson(page, 'approval-step-0-approvers-users', nameOf(p));
    await page.getByTestId('approval-step-add').click();
    await page.getByTestId('approval-step-1-name').fill('培训部或签');
    await page.getByTestId('approval-step-1-mode').getByText('或签').click();
    for (const p of orSigners) await pickPerson(page, 'approval-step-1-approvers-users', nameOf(p));
    await page.getByTestId('approval-flow-submit').click();
    await waitForPath(page, '/dashboard/manage-approval-flow');
    // (the browser's sign-in ended the API session of the same account: a new one for the checks below)
    const api = await loginAdmin();
    const flows = await post<{ records: { businessType: string; steps?: unknown }[] }>(api, 'approval-flow/list', { page: 1, size: 50 });
    expect(flows.records.some((f) => f.businessType === 'annualPlan')).toBe(true);

    // The department head drafts a plan with three lines and submits it.
    await signInAs(page, head, 'manage');
    const planName = uniq('E2E年度培训计划');
    await page.goto('/dashboard/add-train-year-plan');
    await visible(page.getByTestId('year-plan-name'));
    await page.getByTestId('year-plan-name').fill(planName);
    await page.getByTestId('year-plan-org').click();
    await pickOption(page, deptName);
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('year-plan-add-line').click();
      await page.getByTestId(`year-plan-line-sessions-${i}`).fill(String(i + 1));
      await page.getByTestId(`year-plan-line-trainingType-${i}`).fill(['新员工', '管理', '安全'][i]!);
      await page.getByTestId(`year-plan-line-content-${i}`).fill(`第${i + 1}项培训内容`);
      await page.getByTestId(`year-plan-line-days-${i}`).fill('2');
      await page.getByTestId(`year-plan-line-siteFee-${i}`).fill('1000');
      await page.getByTestId(`year-plan-line-teacherFee-${i}`).fill('500.5');
    }
    await expect.poll(() => page.getByTestId('year-plan-total').textContent()).toContain('4501.50');
    await page.getByTestId('year-plan-submit').click();
    await waitForPath(page, '/dashboard/manage-train-year-plan');
    const row = page.locator('tr').filter({ has: page.getByTestId('year-plan-row-name').filter({ hasText: planName }) });
    await visible(row);
    await row.getByRole('checkbox').check();
    await page.getByTestId('crud-batch-submit').click();
    await page.getByTestId('crud-confirm-ok').click();
    await visible(toast(page));

    // Countersign: both employees approve in the back office; one alone does not move the plan on.
    await signInAs(page, counter[0]!, 'manage');
    await decide(page, '/dashboard/year-plan-approval', planName, 'approve', '同意');
    const plans = async () =>
      (await post<{ records: { name: string; state: string; id: number }[] }>(api, 'year-plan/list', { page: 1, size: 50, keyword: planName })).records[0]!;
    expect((await plans()).state).toBe('underReview');
    await signInAs(page, counter[1]!, 'manage');
    await decide(page, '/dashboard/year-plan-approval', planName, 'approve', '同意，注意预算');

    // Or-sign: the first student refuses with a reason in the student center: the plan is refused.
    await signInAs(page, orSigners[0]!, 'student');
    await decide(page, '/student-center/approvals', planName, 'refuse', '安全培训预算偏高');
    await eventually(async () => expect((await plans()).state).toBe('auditFailure'));

    // The head edits the refused plan (one line cheaper) and submits again; this time the other student approves.
    await signInAs(page, head, 'manage');
    const planId = (await plans()).id;
    await page.goto(`/dashboard/add-train-year-plan?id=${planId}`);
    await visible(page.getByTestId('year-plan-line-siteFee-2'));
    await page.getByTestId('year-plan-line-siteFee-2').fill('600');
    await expect.poll(() => page.getByTestId('year-plan-total').textContent()).toContain('4101.50');
    await page.getByTestId('year-plan-submit').click();
    await waitForPath(page, '/dashboard/manage-train-year-plan');
    await visible(row);
    await row.getByRole('checkbox').check();
    await page.getByTestId('crud-batch-submit').click();
    await page.getByTestId('crud-confirm-ok').click();
    await visible(toast(page));
    for (const p of counter) await signInAs(page, p, 'manage').then(() => decide(page, '/dashboard/year-plan-approval', planName, 'approve', '同意'));
    await signInAs(page, orSigners[1]!, 'student');
    await decide(page, '/student-center/approvals', planName, 'approve', '同意');
    await eventually(async () => expect((await plans()).state).toBe('approved'));

    // The plan shows its whole history: two submissions, the refusal with its reason, the approvals.
    await signInAs(page, head, 'manage');
    await page.goto('/dashboard/manage-train-year-plan');
    await visible(row);
    await row.getByTestId('year-plan-detail').click();
    await visible(page.getByTestId('approval-history'));
    const lines = page.getByTestId('approval-history-line');
    await expect.poll(() => lines.count()).toBeGreaterThanOrEqual(7);
    await visible(lines.filter({ hasText: '安全培训预算偏高' }));
    expect(await page.getByTestId('year-plan-detail-budget').textContent()).toContain('4101.50');
  });
});
