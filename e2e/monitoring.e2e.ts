/**
 * Exam monitoring, browser tier: an administrator opens monitoring from the menu, finds a running
 * exam with its counts, opens the examinees (state, progress) and the photo screen. The exam and an
 * attempt come in through SQL as attempt taking stores them (that part is built elsewhere).
 */
import pg from 'pg';
import { afterAll, describe, inject, it } from 'vitest';
import { createOrg, createStudent, loginAdmin, uniq } from './support/api';
import { useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, openMenu } from './support/flows';

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

describe('exam monitoring', () => {
  const b = useBrowser();

  it('lists a running exam with its counts and shows its examinees and their photo screen', async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const orgId = await createOrg(admin, { name: uniq('监考部') });
    const name = uniq('监控考试');
    const { rows } = await db.query<{ id: number }>(
      `insert into exams (name, status, start_at, end_at, duration, pass_percent, total, attempts, paper_id, org_id, published_at)
       values ($1, 'published', now() - interval '10 minutes', now() + interval '2 hours', 45, 60, 10, 1, 1, $2, now()) returning id`,
      [name, orgId],
    );
    const examId = rows[0]!.id;
    await db.query(`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ('exam', $1, 'org', $2)`, [examId, orgId]);
    const takerName = uniq('考生甲').slice(0, 20);
    const taking = await createStudent(admin, { orgId, realname: takerName });
    await createStudent(admin, { orgId });
    const questions = JSON.stringify([1, 2].map((i) => ({ questionId: i, position: i, type: 'judgment', stem: `Q${i}`, options: [], blankCount: 0, stars: 5, score: 5 })));
    const keys = JSON.stringify([1, 2].map(() => ({ type: 'judgment', score: 5, answers: ['T'], blanks: [], keywords: '', autoScore: false, answerText: '', analysis: '' })));
    const { rows: a } = await db.query<{ id: number }>(
      `insert into exam_attempts (exam_id, user_id, number, seed, deadline_at, questions, keys, total, leave_count)
       values ($1, $2, 1, 's', now() + interval '30 minutes', $3::jsonb, $4::jsonb, 10, 1) returning id`,
      [examId, taking.id, questions, keys],
    );
    await db.query(`insert into exam_attempt_answers (attempt_id, position, question_id, answer) values ($1, 1, 1, '{"choices":["T"]}'), ($1, 2, 2, null)`, [a[0]!.id]);

    await loginAdminUI(page);
    await openMenu(page, 'group-exam', 'jkgl');
    await waitForPath(page, '/dashboard/monitoring-manage');
    await page.goto(`/dashboard/monitoring-manage?keyword=${encodeURIComponent(name)}`);
    const row = await visible(page.locator('tr').filter({ hasText: name }));
    await row.getByTestId('monitoring-view').click();
    await waitForPath(page, '/dashboard/view-monitoring');
    await visible(page.getByTestId('view-monitoring-page'));
    await visible(page.getByTestId('examinee-state-taking'));
    await visible(page.getByTestId('examinee-state-notStarted'));
    await visible(page.locator('.ant-progress').filter({ hasText: '1/2' }));
    await page.getByTestId('monitoring-to-screen').click();
    await waitForPath(page, '/dashboard/monitoring-screen-detail');
    await visible(page.getByTestId('screen-tile').filter({ hasText: takerName }));
  });
});
