import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_DEFAULT_LAYOUT,
  type CertificateMine,
  type LecturerEvaluation,
  type MyTrainSurveys,
  type Page,
  type TrainCatalogDetail,
  type TrainChargeInput,
  type TrainMyRow,
  type TrainResultSheet,
  type TrainSatisfactionResult,
  type TrainPlanActual,
  type YearPlanDetail,
} from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { filledTemplate, readBook, uploadFile } from '../../test/excel.js';
import type { Db } from '../../platform/db/client.js';
import { trainClassCourses, trainClasses, trainClassStages } from '../train-classes/index.js';
import { courseLearners } from '../learning/index.js';
import { insertAttempt, insertExam, type TestQuestion } from '../../test/exam-attempts.js';
import { buildCourse, buildCourseware } from '../../test/learning.js';
import { certificates } from '../certificates/index.js';
import { issueClassCertificates } from './train-results.certificates.js';
import { trainAttendanceRecords } from '../train-attendance/index.js';
import { trainEnrolments } from '../train-enrolments/index.js';
import { lecturers } from '../lecturers/index.js';

const t = useTestApp();
type Person = Session & { id: number };
const HOUR = 3600_000;
let seq = 0;

// ---- Test-only fixture: classes, stages and enrolments written straight into the core tables
// (the train-classes and train-enrolments services are built in parallel). ----
async function buildClass(db: Db, opts: { orgId: number; startsIn?: number; planLineId?: number; mode?: 'faceToFace' | 'mixed'; lecturerIds?: number[] }) {
  const now = Date.now();
  const startAt = new Date(now + (opts.startsIn ?? -HOUR));
  const [c] = await db
    .insert(trainClasses)
    .values({
      code: `PXT${++seq}${Math.random().toString(36).slice(2, 8)}`,
      name: `Class ${seq} ${Math.random().toString(36).slice(2, 8)}`,
      status: 'published',
      mode: opts.mode ?? 'faceToFace',
      planKind: opts.planLineId ? 'inPlan' : 'outsidePlan',
      yearPlanLineId: opts.planLineId ?? null,
      days: 1,
      startAt,
      endAt: new Date(startAt.getTime() + 48 * HOUR),
      enrolStartAt: new Date(startAt.getTime() - 72 * HOUR),
      enrolEndAt: new Date(startAt.getTime() - 24 * HOUR),
      traineeQuota: 30,
      orgId: opts.orgId,
    })
    .returning({ id: trainClasses.id, name: trainClasses.name });
  for (const [i, lecturerId] of (opts.lecturerIds ?? []).entries())
    await db.insert(trainClassStages).values({
      classId: c!.id,
      name: `Stage ${i}`,
      startsAt: new Date(startAt.getTime() + i * HOUR),
      endsAt: new Date(startAt.getTime() + (i + 1) * HOUR),
      lecturerId,
      sort: i,
    });
  return c!;
}
const enrol = (db: Db, classId: number, userId: number, status: 'approved' | 'pending' | 'refused' = 'approved') =>
  db.insert(trainEnrolments).values({ classId, userId, status, source: 'admin' });
async function buildLecturer(db: Db, orgId: number, userId: number | null = null) {
  const [l] = await db
    .insert(lecturers)
    .values({ realname: `Lect ${++seq}`, username: `lect${seq}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20), kind: 'internal', orgId, userId })
    .returning({ id: lecturers.id });
  return l!.id;
}

let admin: Session;
let dept: { id: number; name: string };
let other: { id: number; name: string };
let clerk: Person; // enters and submits
let approver: Person; // decides
let outsider: Person; // a clerk of another department
let arranger: Person; // pxapgl: satisfaction, charges, performance
const trainees: { id: number; username: string; s: Person }[] = [];
let stranger: Person;
let strangerName: string;

beforeAll(async () => {
  admin = await login(t.app);
  dept = await buildOrg(t.db);
  other = await buildOrg(t.db);
  clerk = await newUserSession(t, { permissions: ['pxjgsp', 'pxjgsp:modify', 'pxjgsp:import'], orgId: dept.id, scopeOrgIds: [dept.id] });
  approver = await newUserSession(t, { permissions: ['pxjgsp', 'pxjgsp:approve'], orgId: dept.id, scopeOrgIds: [dept.id] });
  outsider = await newUserSession(t, { permissions: ['pxjgsp', 'pxjgsp:modify', 'pxjgsp:approve', 'pxapgl', 'pxapgl:modify'], orgId: other.id, scopeOrgIds: [other.id] });
  arranger = await newUserSession(t, { permissions: ['pxapgl', 'pxapgl:modify', 'ndjh', 'ndjh:add', 'ndjh:modify'], orgId: dept.id, scopeOrgIds: [dept.id] });
  for (let i = 0; i < 3; i++) {
    const u = await buildUser(t.db, { orgId: dept.id, realname: `Trainee ${i}`, permissions: [] });
    trainees.push({ id: u.id, username: u.username, s: { ...(await login(t.app, u.username, u.password)), id: u.id } });
  }
  const su = await buildUser(t.db, { orgId: dept.id, permissions: [] });
  strangerName = su.username;
  stranger = { ...(await login(t.app, su.username, su.password)), id: su.id };
});

async function admittedClass(opts: Parameters<typeof buildClass>[1] = { orgId: 0 }) {
  const c = await buildClass(t.db, { ...opts, orgId: opts.orgId || dept.id });
  for (const tr of trainees) await enrol(t.db, c.id, tr.id);
  await enrol(t.db, c.id, stranger.id, 'pending');
  return c;
}
const sheet = (s: Session, classId: number) => ok<TrainResultSheet>(t.app, s, '/api/train-result/sheet', { classId });
const enter = (s: Session, classId: number, results: unknown[]) => call(t.app, s, '/api/train-result/enter', { classId, results });

describe('result sheet', () => {
  it('lists only admitted trainees and takes results for them only', async () => {
    const c = await admittedClass();
    const first = await sheet(clerk, c.id);
    expect(first.rows.map((r) => r.userId).sort()).toEqual(trainees.map((x) => x.id).sort());
    expect(first).toMatchObject({ state: 'draft', trainees: 3, entered: 0, abilities: { modify: true, submit: true, approve: false, import: true } });

    expect(await refusal(t.app, clerk, '/api/train-result/enter', { classId: c.id, results: [{ userId: stranger.id, score: 80 }] })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'results',
      data: { notAdmitted: [stranger.id] },
    });
    for (const score of [100.5, -1, 80.25])
      expect(await refusal(t.app, clerk, '/api/train-result/enter', { classId: c.id, results: [{ userId: trainees[0]!.id, score }] })).toMatchObject({
        code: 'PARAMETER_INVALID',
      });

    const after = dataOf(
      await enter(clerk, c.id, [
        { userId: trainees[0]!.id, score: 59.5 },
        { userId: trainees[1]!.id, score: 60, comment: 'ok' },
        { userId: trainees[2]!.id, score: 40, passed: true },
      ]),
    );
    const byUser = new Map(after.rows.map((r) => [r.userId, r]));
    expect(byUser.get(trainees[0]!.id)).toMatchObject({ score: 59.5, passed: false });
    expect(byUser.get(trainees[1]!.id)).toMatchObject({ score: 60, passed: true, comment: 'ok' });
    expect(byUser.get(trainees[2]!.id)).toMatchObject({ score: 40, passed: true });
    expect(after.entered).toBe(3);
  });

  it('goes draft → submitted → refused → submitted → approved; refuses edits outside draft/refused and codes it lacks', async () => {
    const c = await admittedClass();
    await enter(clerk, c.id, [{ userId: trainees[0]!.id, score: 90 }]);
    // Incomplete: a trainee has no result yet.
    expect(await refusal(t.app, clerk, '/api/train-result/submit', { classId: c.id })).toMatchObject({ code: 'PARAMETER_INVALID', data: { missing: 2 } });
    await enter(
      clerk,
      c.id,
      trainees.slice(1).map((x) => ({ userId: x.id, score: 70 })),
    );
    expect((await ok<TrainResultSheet>(t.app, clerk, '/api/train-result/submit', { classId: c.id })).state).toBe('submitted');
    expect(await refusal(t.app, clerk, '/api/train-result/enter', { classId: c.id, results: [{ userId: trainees[0]!.id, score: 1 }] })).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
    });
    expect(await refusal(t.app, clerk, '/api/train-result/approve', { classId: c.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const seen = await sheet(approver, c.id);
    expect(seen.abilities).toMatchObject({ approve: true, refuse: true, modify: false, submit: false });
    const refused = await ok<TrainResultSheet>(t.app, approver, '/api/train-result/refuse', { classId: c.id, reason: 'Check trainee 0' });
    expect(refused).toMatchObject({ state: 'refused', refuseReason: 'Check trainee 0' });
    expect((await sheet(clerk, c.id)).abilities).toMatchObject({ modify: true, submit: true });
    await enter(clerk, c.id, [{ userId: trainees[0]!.id, score: 88.5 }]);
    await ok(t.app, clerk, '/api/train-result/submit', { classId: c.id });
    expect((await ok<TrainResultSheet>(t.app, approver, '/api/train-result/approve', { classId: c.id })).state).toBe('approved');
    expect(await refusal(t.app, approver, '/api/train-result/approve', { classId: c.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });

    const list = await ok<{ records: { id: number; state: string }[] }>(t.app, clerk, '/api/train-result/classes', { keyword: c.name, sheetState: 'approved' });
    expect(list.records.map((r) => [r.id, r.state])).toEqual([[c.id, 'approved']]);
  });

  it('takes results only once the class has started, on the server clock (entry, import and submit)', async () => {
    const c = await admittedClass({ orgId: dept.id, startsIn: HOUR });
    const before = await sheet(clerk, c.id);
    expect(before.abilities).toMatchObject({ modify: false, import: false, submit: false });
    expect(Date.parse(before.resultsOpenAt!)).toBe(Date.parse(before.startAt));
    expect(await refusal(t.app, clerk, '/api/train-result/enter', { classId: c.id, results: [{ userId: trainees[0]!.id, score: 80 }] })).toMatchObject({
      code: 'TRAIN_NOT_STARTED_NO_RESULT',
      field: 'classId',
    });
    const book = await filledTemplate(t.app, clerk, '/api/train-result/template', [[trainees[0]!.username, '', '80', '', '']]);
    const upload = await uploadFile(t.app, clerk, `/api/train-result/import?classId=${c.id}`, 'results.xlsx', book, { mode: 'check' });
    expect(upload.json().msg).toBe('TRAIN_NOT_STARTED_NO_RESULT');
    expect(await refusal(t.app, clerk, '/api/train-result/submit', { classId: c.id })).toMatchObject({ code: 'TRAIN_NOT_STARTED_NO_RESULT' });
    expect((await sheet(clerk, c.id)).entered).toBe(0);
    // Started (the server's clock passes the start): the same entry is taken.
    await t.db.execute(sql`update train_classes set start_at = now() - interval '1 minute' where id = ${c.id}`);
    expect(await sheet(clerk, c.id)).toMatchObject({ resultsOpenAt: null, abilities: { modify: true, import: true, submit: true } });
    expect(dataOf(await enter(clerk, c.id, [{ userId: trainees[0]!.id, score: 80 }])).entered).toBe(1);
  });

  it('keeps a department to its own classes (data scope) and answers NOT_FOUND for none', async () => {
    const c = await admittedClass();
    expect(await refusal(t.app, outsider, '/api/train-result/sheet', { classId: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR', field: 'classId' });
    expect(await refusal(t.app, outsider, '/api/train-result/enter', { classId: c.id, results: [{ userId: trainees[0]!.id, score: 1 }] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
    });
    expect(await refusal(t.app, clerk, '/api/train-result/sheet', { classId: 2_000_000_000 })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    await t.db.execute(sql`update train_classes set status = 'cancelled' where id = ${c.id}`);
    expect(await refusal(t.app, clerk, '/api/train-result/enter', { classId: c.id, results: [{ userId: trainees[0]!.id, score: 1 }] })).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
      field: 'classId',
    });
    const listed = await ok<{ records: { id: number }[] }>(t.app, outsider, '/api/train-result/classes', { keyword: c.name });
    expect(listed.records).toEqual([]);
    expect(await refusal(t.app, trainees[0]!.s, '/api/train-result/sheet', { classId: c.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });
});

describe('result import', () => {
  const filled = (rows: (string | number | null)[][]) => filledTemplate(t.app, clerk, '/api/train-result/template', rows);
  const upload = (classId: number, data: Buffer, mode: 'check' | 'commit', extra: Record<string, string> = {}) =>
    uploadFile(t.app, clerk, `/api/train-result/import?classId=${classId}`, 'results.xlsx', data, { mode, ...extra });

  it('checks every row (admitted, score, passed, duplicates), writes the good ones on commit and offers the error file', async () => {
    const c = await admittedClass();
    const [a, b, d] = trainees;
    const book = await filled([
      [a!.username, 'A', '95.5', '是', 'great'],
      [b!.username, 'B', '100.5', '', ''],
      [strangerName, 'S', '80', '', ''],
      [a!.username, 'A again', '70', '', ''],
      [d!.username, 'D', '55', 'maybe', ''],
    ]);
    const check = dataOf<{ total: number; valid: number; invalid: number; errors: { row: number; field: string; reason: string }[]; errorFileId: string }>(
      await upload(c.id, book, 'check'),
    );
    expect(check).toMatchObject({ total: 5, valid: 1, invalid: 4 });
    expect(check.errors.map((e) => [e.row, e.field, e.reason])).toEqual([
      [3, 'score', 'SCORE_RANGE'],
      [4, 'username', 'NOT_ADMITTED'],
      [5, 'username', 'DUPLICATE_IN_FILE'],
      [6, 'passed', 'INVALID_FORMAT'],
    ]);
    const errorFile = await call(t.app, clerk, '/api/train-result/import/errors', { id: check.errorFileId });
    const wb = await readBook(errorFile.rawPayload);
    expect(wb.worksheets[0]!.rowCount).toBe(5);
    expect((await sheet(clerk, c.id)).entered).toBe(0);

    // Commit with bad rows is refused unless the good rows alone are wanted.
    expect((await upload(c.id, book, 'commit')).json().msg).toBe('EXCEL_FORMAT_ERROR');
    const done = dataOf<{ imported: number }>(await upload(c.id, book, 'commit', { skipInvalid: 'true' }));
    expect(done.imported).toBe(1);
    const rows = (await sheet(clerk, c.id)).rows;
    expect(rows.find((r) => r.userId === a!.id)).toMatchObject({ score: 95.5, passed: true, comment: 'great' });
  });

  it('refuses an import into a submitted sheet', async () => {
    const c = await admittedClass();
    await enter(
      clerk,
      c.id,
      trainees.map((x) => ({ userId: x.id, score: 80 })),
    );
    await ok(t.app, clerk, '/api/train-result/submit', { classId: c.id });
    const book = await filled([[trainees[0]!.username, '', '50', '', '']]);
    expect((await upload(c.id, book, 'check')).json().msg).toBe('STATE_TRANSITION_INVALID');
  });
});

describe('the ends read their class', () => {
  it("a class's teacher and lecturers read its roster, attendance and results, read-only; other classes' ones are refused", async () => {
    const head = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: dept.id, scopeOrgIds: [dept.id] });
    const teacher = await newUserSession(t, { permissions: ['pxgl-js'], orgId: dept.id, scopeOrgIds: [dept.id] });
    const otherHead = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: dept.id, scopeOrgIds: [dept.id] });
    const otherTeacher = await newUserSession(t, { permissions: ['pxgl-js'], orgId: dept.id, scopeOrgIds: [dept.id] });
    const c = await admittedClass({ orgId: dept.id, lecturerIds: [await buildLecturer(t.db, dept.id, teacher.id)] });
    await t.db
      .update(trainClasses)
      .set({ headmasterId: head.id })
      .where(sql`id = ${c.id}`);
    const elsewhere = await admittedClass({ orgId: dept.id, lecturerIds: [await buildLecturer(t.db, dept.id, otherTeacher.id)] });
    await t.db
      .update(trainClasses)
      .set({ headmasterId: otherHead.id })
      .where(sql`id = ${elsewhere.id}`);

    for (const reader of [head, teacher]) {
      const roster = await ok<{ records: { userId: number; abilities: Record<string, boolean> }[] }>(t.app, reader, '/api/train-enrolment/list', { classId: c.id });
      expect(roster.records.map((r) => r.userId).sort()).toEqual([...trainees.map((x) => x.id), stranger.id].sort());
      expect(roster.records.every((r) => !Object.values(r.abilities).some(Boolean))).toBe(true);
      expect(await ok(t.app, reader, '/api/train-enrolment/seats', { classId: c.id })).toMatchObject({ taken: 3, total: 30 });
      const attendance = await ok<{ trainees: unknown[]; abilities: Record<string, boolean> }>(t.app, reader, '/api/train-attendance/sheet', { classId: c.id });
      expect(attendance.trainees).toHaveLength(3);
      await ok(t.app, reader, '/api/train-attendance/stats', { classId: c.id });
      const results = await sheet(reader, c.id);
      expect(results.rows).toHaveLength(3);
      expect(Object.values(results.abilities).some(Boolean)).toBe(false);
      expect(await refusal(t.app, reader, '/api/train-result/enter', { classId: c.id, results: [{ userId: trainees[0]!.id, score: 80 }] })).toMatchObject({
        code: 'NO_PERMISSION_ERROR',
      });
    }
    // The lecturer only reads the attendance (the class teacher keeps it).
    expect((await ok<{ abilities: { modify: boolean } }>(t.app, teacher, '/api/train-attendance/sheet', { classId: c.id })).abilities.modify).toBe(false);
    // Nobody else gains anything: another class's teacher and lecturer, and a roster read without a class.
    for (const reader of [otherHead, otherTeacher]) {
      for (const url of ['/api/train-enrolment/list', '/api/train-enrolment/seats', '/api/train-attendance/sheet', '/api/train-result/sheet'])
        expect(await refusal(t.app, reader, url, { classId: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR', field: 'classId' });
      expect(await refusal(t.app, reader, '/api/train-enrolment/list', {})).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    }
  });
});

describe('satisfaction', () => {
  async function template(name: string) {
    const items = [
      { kind: 'rating', key: 'overall', title: 'Overall', scale: 5, required: true },
      { kind: 'rating', key: 'pace', title: 'Pace', scale: 10 },
      { kind: 'textarea', key: 'notes', title: 'Notes' },
    ];
    // A template of the department (a template is used in its author's data scope).
    const author = await newUserSession(t, { permissions: ['wjgl', 'wjgl:add', 'wjgl:publish'], orgId: dept.id, scopeOrgIds: [dept.id] });
    const id = (await ok<{ id: number }>(t.app, author, '/api/questionnaire/insert', { name: `${name} ${Math.random()}`, items })).id;
    await ok(t.app, author, '/api/questionnaire/publish', { ids: [id] });
    return id;
  }

  it('sets class and lecturer questionnaires; trainees answer once after the start; averages per class and lecturer', async () => {
    const lectUser = await newUserSession(t, { permissions: ['pxpj-js'], orgId: dept.id });
    const lectId = await buildLecturer(t.db, dept.id, lectUser.id);
    const c = await admittedClass({ orgId: dept.id, lecturerIds: [lectId] });
    const tpl = await template('Satisfaction');
    expect((await ok<{ id: number }[]>(t.app, arranger, '/api/train-result/template-choices', {})).map((x) => x.id)).toContain(tpl);
    expect((await ok<{ id: number }[]>(t.app, outsider, '/api/train-result/template-choices', {})).map((x) => x.id)).not.toContain(tpl);
    await ok(t.app, arranger, '/api/train-result/set-survey', { classId: c.id, lecturerId: null, questionnaireId: tpl });
    const setup = await ok<{ classSurvey: { id: number }; lecturers: { lecturerId: number; survey: { id: number } | null }[] }>(
      t.app,
      arranger,
      '/api/train-result/set-survey',
      {
        classId: c.id,
        lecturerId: lectId,
        questionnaireId: tpl,
      },
    );
    expect(setup.lecturers).toEqual([expect.objectContaining({ lecturerId: lectId, survey: expect.objectContaining({ responses: 0 }) })]);
    // A lecturer who teaches no stage of the class has no questionnaire there.
    expect(
      await refusal(t.app, arranger, '/api/train-result/set-survey', { classId: c.id, lecturerId: await buildLecturer(t.db, dept.id), questionnaireId: tpl }),
    ).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'lecturerId',
    });
    // The template is now in use: not deleted.
    await ok(t.app, admin, '/api/questionnaire/unpublish', { ids: [tpl] });
    expect((await call(t.app, admin, '/api/questionnaire/delete', { ids: [tpl] })).json().msg).toBe('IN_USE_QUESTIONNAIRE');

    const mine = await ok<MyTrainSurveys>(t.app, trainees[0]!.s, '/api/train-result/my-surveys', { classId: c.id });
    expect(mine).toMatchObject({ open: true, surveys: [{ answered: false, lecturerName: null }, { answered: false }] });
    const [classSurvey, lectSurvey] = mine.surveys;
    expect(await refusal(t.app, stranger, '/api/train-result/my-surveys', { classId: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });

    const answer = (s: Session, surveyId: number, overall: number, pace?: number) =>
      call(t.app, s, '/api/train-result/answer', { surveyId, answers: { overall: { rating: overall }, ...(pace ? { pace: { rating: pace } } : {}) } });
    expect((await answer(trainees[0]!.s, classSurvey!.id, 6)).json().msg).toBe('PARAMETER_INVALID'); // beyond the scale
    expect((await call(t.app, trainees[0]!.s, '/api/train-result/answer', { surveyId: classSurvey!.id, answers: {} })).json().msg).toBe('PARAMETER_INVALID'); // required
    expect((await answer(trainees[0]!.s, classSurvey!.id, 5, 10)).statusCode).toBe(200);
    expect((await answer(trainees[0]!.s, classSurvey!.id, 4)).json().msg).toBe('REPEAT_SUBMIT_ERROR');
    expect((await answer(trainees[1]!.s, classSurvey!.id, 3, 5)).statusCode).toBe(200);
    expect((await answer(stranger, classSurvey!.id, 3)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await answer(trainees[0]!.s, lectSurvey!.id, 4)).statusCode).toBe(200);
    expect((await ok<MyTrainSurveys>(t.app, trainees[0]!.s, '/api/train-result/my-surveys', { classId: c.id })).surveys.map((s) => s.answered)).toEqual([true, true]);

    const result = await ok<TrainSatisfactionResult>(t.app, arranger, '/api/train-result/satisfaction', { classId: c.id });
    expect(result.admitted).toBe(3);
    expect(result.classResult).toMatchObject({
      respondents: 2,
      items: [
        { key: 'overall', average: 4, count: 2 },
        { key: 'pace', average: 7.5, count: 2 },
      ],
    });
    // (100 + 60 + 100 + 50) / 4 percent of the scales.
    expect(result.classResult!.score).toBe(77.5);
    expect(result.lecturers).toEqual([expect.objectContaining({ lecturerId: lectId, result: expect.objectContaining({ respondents: 1, score: 80 }) })]);

    // Answered: the questionnaire no longer changes.
    expect(await refusal(t.app, arranger, '/api/train-result/set-survey', { classId: c.id, lecturerId: null, questionnaireId: null })).toMatchObject({
      code: 'SURVEY_ANSWERED_CHANGE_REFUSED',
    });

    // The lecturer's own evaluation page.
    const evaluation = await ok<LecturerEvaluation>(t.app, lectUser, '/api/train-result/my-evaluation');
    expect(evaluation.classes).toEqual([expect.objectContaining({ classId: c.id, result: expect.objectContaining({ score: 80 }) })]);
    expect((await call(t.app, trainees[0]!.s, '/api/train-result/my-evaluation')).json().msg).toBe('NO_PERMISSION_ERROR');

    // Performance: trainees, pass rate, average score, satisfaction (attendance null without a source).
    await enter(clerk, c.id, [
      { userId: trainees[0]!.id, score: 90 },
      { userId: trainees[1]!.id, score: 50 },
    ]);
    const perf = await ok<{ records: Record<string, unknown>[] }>(t.app, arranger, '/api/train-result/performance', { keyword: c.name });
    expect(perf.records[0]).toMatchObject({ id: c.id, trainees: 3, passRate: 50, averageScore: 70, satisfaction: 77.5, attendanceRate: 0 });
  });

  it('opens only once the class has started', async () => {
    const c = await admittedClass({ orgId: dept.id, startsIn: 24 * HOUR });
    const tpl = await template('Later');
    await ok(t.app, arranger, '/api/train-result/set-survey', { classId: c.id, lecturerId: null, questionnaireId: tpl });
    const mine = await ok<MyTrainSurveys>(t.app, trainees[0]!.s, '/api/train-result/my-surveys', { classId: c.id });
    expect(mine.open).toBe(false);
    expect((await call(t.app, trainees[0]!.s, '/api/train-result/answer', { surveyId: mine.surveys[0]!.id, answers: { overall: { rating: 5 } } })).json().msg).toBe(
      'SURVEY_NOT_OPEN',
    );
  });
});

describe('exams, mixed completion and attendance', () => {
  const qs: TestQuestion[] = [1, 2].map(() => ({ type: 'judgment', score: 50, answers: ['T'] }));

  it('links exams in scope and shows each trainee’s best marked score', async () => {
    const c = await admittedClass();
    const exam = await insertExam(t.db, { orgId: dept.id, orgIds: [dept.id] });
    const foreign = await insertExam(t.db, { orgId: other.id, orgIds: [other.id] });
    const [a, b] = trainees;
    await insertAttempt(t.db, { examId: exam.id, userId: a!.id, status: 'marked', number: 1, questions: qs, answers: [{ choices: ['T'] }, { choices: ['F'] }] });
    await insertAttempt(t.db, { examId: exam.id, userId: a!.id, status: 'marked', number: 2, questions: qs, answers: [{ choices: ['T'] }, { choices: ['T'] }] });
    await insertAttempt(t.db, { examId: exam.id, userId: b!.id, status: 'ongoing', number: 1, questions: qs, answers: [] });
    expect((await ok<{ id: number }[]>(t.app, clerk, '/api/train-result/exam-choices', {})).map((e) => e.id)).toContain(exam.id);
    expect(await refusal(t.app, clerk, '/api/train-result/link-exams', { classId: c.id, examIds: [foreign.id] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'examIds',
    });
    const linked = await ok<{ exams: { id: number }[]; rows: { userId: number; best: (number | null)[] }[] }>(t.app, clerk, '/api/train-result/link-exams', {
      classId: c.id,
      examIds: [exam.id],
    });
    expect(linked.exams.map((e) => e.id)).toEqual([exam.id]);
    const best = new Map(linked.rows.map((r) => [r.userId, r.best]));
    expect(best.get(a!.id)).toEqual([100]);
    expect(best.get(b!.id)).toEqual([null]);
    expect(best.has(stranger.id)).toBe(false);
  });

  it('a mixed-class trainee completes with every online course passed and the in-person result passed, once the results are approved', async () => {
    const c = await admittedClass({ orgId: dept.id, mode: 'mixed' });
    const course = await buildCourse(t.db, { chapters: [] });
    await t.db.insert(trainClassCourses).values({ classId: c.id, courseId: course.id });
    const [a, b, d] = trainees;
    for (const u of [a!, b!]) await t.db.insert(courseLearners).values({ courseId: course.id, userId: u.id, status: 'passed' });
    await enter(clerk, c.id, [
      { userId: a!.id, score: 90 },
      { userId: b!.id, score: 30 },
      { userId: d!.id, score: 95 },
    ]);
    type Mixed = { courses: number; sheetState: string | null; rows: { userId: number; coursesCompleted: number; completed: boolean; awaitingApproval: boolean }[] };
    const completion = async () => {
      const mixed = await ok<Mixed>(t.app, clerk, '/api/train-result/mixed', { classId: c.id });
      return { mixed, done: new Map(mixed.rows.map((r) => [r.userId, [r.coursesCompleted, r.completed, r.awaitingApproval]])) };
    };
    // Entered, not approved: nobody has completed yet; who will on approval waits for it.
    const before = await completion();
    expect(before.mixed.courses).toBe(1);
    expect(before.mixed.sheetState).toBe('draft');
    expect(before.done.get(a!.id)).toEqual([1, false, true]);
    expect(before.done.get(b!.id)).toEqual([1, false, false]); // failed in person
    expect(before.done.get(d!.id)).toEqual([0, false, false]); // course not passed
    await ok(t.app, clerk, '/api/train-result/submit', { classId: c.id });
    expect((await completion()).done.get(a!.id)).toEqual([1, false, true]);
    await ok(t.app, approver, '/api/train-result/approve', { classId: c.id });
    const after = await completion();
    expect(after.mixed.sheetState).toBe('approved');
    expect(after.done.get(a!.id)).toEqual([1, true, false]);
    expect(after.done.get(b!.id)).toEqual([1, false, false]);
    expect(after.done.get(d!.id)).toEqual([0, false, false]);
  });

  it('performance takes the attendance rate from the attendance records (the train-attendance module is the source)', async () => {
    const c = await admittedClass();
    const day = 86_400_000;
    const stages = await t.db
      .insert(trainClassStages)
      .values(
        [0, 1].map((i) => ({
          classId: c.id,
          name: `Day ${i + 1}`,
          startsAt: new Date(Date.now() - (2 - i) * day),
          endsAt: new Date(Date.now() - (2 - i) * day + 3_600_000),
          sort: i,
        })),
      )
      .returning();
    // Of 3 admitted trainees × 2 stages: the first came once, the second twice (once late), the third never.
    await t.db.insert(trainAttendanceRecords).values([
      { classId: c.id, stageId: stages[0]!.id, userId: trainees[0]!.id, status: 'present', source: 'manual' },
      { classId: c.id, stageId: stages[0]!.id, userId: trainees[1]!.id, status: 'present', source: 'manual' },
      { classId: c.id, stageId: stages[1]!.id, userId: trainees[1]!.id, status: 'late', source: 'qr' },
      { classId: c.id, stageId: stages[1]!.id, userId: trainees[2]!.id, status: 'absent', source: 'manual' },
    ]);
    const perf = await ok<{ records: { id: number; attendanceRate: number | null }[] }>(t.app, arranger, '/api/train-result/performance', { keyword: c.name });
    expect(perf.records[0]).toMatchObject({ id: c.id, attendanceRate: 50 });
  });
});

describe('charges against the annual plan', () => {
  const line = (over: Record<string, unknown> = {}) => ({
    month: 3,
    sessions: 1,
    trainingType: 'Safety',
    content: 'Drill',
    form: 'inside',
    days: 1,
    siteFee: 10_000,
    teacherFee: 20_000,
    textbookFee: 0,
    travelFee: 0,
    ...over,
  });
  const charge = (classId: number, over: Partial<TrainChargeInput> = {}) =>
    ok<{ id: number }>(t.app, arranger, '/api/train-result/charge/insert', { classId, item: 'Venue', amountFen: 12_345, spentOn: '2031-03-02', note: '', ...over });

  it('rolls charges up to the plan lines (planned vs actual) and keeps a line with charges from removal', async () => {
    const plan = await ok<YearPlanDetail>(t.app, arranger, '/api/year-plan/insert', {
      name: `Plan ${Math.random()}`,
      year: 2031 + (seq % 50),
      type: 'annual',
      lines: [line(), line({ month: 5, siteFee: 500 })],
    });
    const [l1, l2] = plan.lines;
    const c1 = await buildClass(t.db, { orgId: dept.id, planLineId: l1!.id });
    const c2 = await buildClass(t.db, { orgId: dept.id, planLineId: l1!.id });
    const loose = await buildClass(t.db, { orgId: dept.id });
    await charge(c1.id);
    const second = await charge(c1.id, { item: 'Lunch', amountFen: 5_000 });
    await charge(c2.id, { amountFen: 1 });
    await charge(loose.id, { amountFen: 777 });

    const page = await ok<{
      records: { id: number; planLineId: number | null; abilities: { modify: boolean } }[];
      total: number;
      totalFen: number;
      plannedFen: number | null;
    }>(t.app, arranger, '/api/train-result/charges', { classId: c1.id });
    expect(page).toMatchObject({ total: 2, totalFen: 17_345, plannedFen: 30_000 });
    expect(page.records.every((r) => r.planLineId === l1!.id && r.abilities.modify)).toBe(true);

    const pa = await ok<TrainPlanActual>(t.app, arranger, '/api/train-result/plan-actual', { yearPlanId: plan.id });
    expect(pa.lines.map((x) => [x.lineId, x.plannedFen, x.actualFen])).toEqual([
      [l1!.id, 30_000, 17_346],
      [l2!.id, 20_500, 0],
    ]);
    expect(pa).toMatchObject({ plannedFen: 50_500, actualFen: 17_346 });
    // The annual plan itself shows planned against actual per line (its readers need no training code).
    const shown = await ok<YearPlanDetail>(t.app, arranger, '/api/year-plan/get', { id: plan.id });
    expect(shown.lines.map((x) => [x.id, x.total, x.actual])).toEqual([
      [l1!.id, 30_000, 17_346],
      [l2!.id, 20_500, 0],
    ]);
    expect(shown.totalActual).toBe(17_346);

    await ok(t.app, arranger, '/api/train-result/charge/update', { id: second.id, amountFen: 6_000 });
    await ok(t.app, arranger, '/api/train-result/charge/delete', { ids: [second.id] });
    expect((await ok<TrainPlanActual>(t.app, arranger, '/api/train-result/plan-actual', { yearPlanId: plan.id })).actualFen).toBe(12_346);

    // The classes leave the plan (their own line reference gone); the charges still hold line 1: a plan edit
    // dropping it is refused, keeping it is fine.
    await t.db.execute(sql`update train_classes set plan_kind = 'outsidePlan', year_plan_line_id = null where id in (${c1.id}, ${c2.id})`);
    expect(await refusal(t.app, arranger, '/api/year-plan/update', { id: plan.id, lines: [{ ...line({ month: 5 }), id: l2!.id }] })).toMatchObject({
      code: 'IN_USE_TRAINING_PLAN',
    });
    await ok(t.app, arranger, '/api/year-plan/update', { id: plan.id, lines: [{ ...line({ month: 4 }), id: l1!.id }] });
  });

  it('refuses charges out of scope, without the code, and bad amounts', async () => {
    const c = await buildClass(t.db, { orgId: dept.id });
    const id = (await charge(c.id)).id;
    expect(await refusal(t.app, outsider, '/api/train-result/charge/insert', { classId: c.id, item: 'X', amountFen: 1, spentOn: '2031-01-01' })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
    });
    expect(await refusal(t.app, outsider, '/api/train-result/charge/delete', { ids: [id] })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, clerk, '/api/train-result/charges', { classId: c.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    for (const amountFen of [0, 1.5, -3])
      expect(await refusal(t.app, arranger, '/api/train-result/charge/insert', { classId: c.id, item: 'X', amountFen, spentOn: '2031-01-01' })).toMatchObject({
        code: 'PARAMETER_INVALID',
      });
  });
});

function dataOf<T = TrainResultSheet>(res: { statusCode: number; json: () => { data: T; msg: string } }): T {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json().data;
}

describe('certificate on completion', () => {
  let templateId: number;
  let otherTemplateId: number;
  const template = async (name: string) =>
    (await ok<{ id: number }>(t.app, admin, '/api/certificate/template/insert', { name, authority: 'Hanlin', validityMonths: null, layout: CERTIFICATE_DEFAULT_LAYOUT })).id;
  beforeAll(async () => {
    templateId = await template(`结业证书 ${Date.now() % 100000}`);
    otherTemplateId = await template(`结业证书B ${Date.now() % 100000}`);
  });
  const nameTemplate = (classId: number, id: number | null) => t.db.update(trainClasses).set({ certificateTemplateId: id }).where(eq(trainClasses.id, classId));
  /** Who holds a training certificate of the class (user ids in order). */
  const holders = async (classId: number) =>
    (
      await t.db
        .select({ userId: certificates.userId })
        .from(certificates)
        .where(and(eq(certificates.sourceKind, 'training'), eq(certificates.sourceId, classId)))
    )
      .map((r) => r.userId)
      .sort((a, b) => a - b);
  /** Results entered, submitted and approved. */
  async function decide(classId: number, results: { userId: number; score: number; passed?: boolean }[]) {
    await enter(clerk, classId, results);
    await ok(t.app, clerk, '/api/train-result/submit', { classId });
    return ok<TrainResultSheet>(t.app, approver, '/api/train-result/approve', { classId });
  }
  const myRow = async (s: Session, classId: number, mode: 'faceToFace' | 'mixed' = 'faceToFace') =>
    (await ok<Page<TrainMyRow>>(t.app, s, '/api/train-enrolment/my', { mode, size: 100 })).records.find((r) => r.classId === classId);

  it("gives each trainee passed on the approved results the class's certificate, shown in my training and the certificate center; none to the others, once", async () => {
    const c = await admittedClass();
    await nameTemplate(c.id, templateId);
    const [a, b, d] = trainees;
    await enter(clerk, c.id, [
      { userId: a!.id, score: 80 },
      { userId: b!.id, score: 40 },
      { userId: d!.id, score: 50, passed: true },
    ]);
    await ok(t.app, clerk, '/api/train-result/submit', { classId: c.id });
    // Submitted is not final: nobody holds it yet.
    expect(await holders(c.id)).toEqual([]);
    await ok(t.app, approver, '/api/train-result/approve', { classId: c.id });
    expect(await holders(c.id)).toEqual([a!.id, d!.id].sort((x, y) => x - y));

    const mine = await ok<Page<CertificateMine>>(t.app, a!.s, '/api/certificate/my', {});
    const cert = mine.records.find((r) => r.sourceKind === 'training' && r.sourceTitle === c.name);
    expect(cert).toMatchObject({ status: 'valid', authority: 'Hanlin' });
    expect((await myRow(a!.s, c.id))?.certificate).toEqual({ id: cert!.id, number: cert!.number, status: 'valid' });
    expect((await ok<TrainCatalogDetail>(t.app, a!.s, '/api/train-enrolment/catalog/get', { id: c.id })).myCertificate).toMatchObject({ id: cert!.id });
    // Not passed: no certificate, nothing linked.
    expect((await myRow(b!.s, c.id))?.certificate).toBeNull();
    expect((await ok<TrainCatalogDetail>(t.app, b!.s, '/api/train-enrolment/catalog/get', { id: c.id })).myCertificate).toBeNull();
    expect((await ok<Page<CertificateMine>>(t.app, b!.s, '/api/certificate/my', {})).records.some((r) => r.sourceTitle === c.name)).toBe(false);

    // Approving again is refused; completing again (even under another template named since) issues nothing more.
    expect(await refusal(t.app, approver, '/api/train-result/approve', { classId: c.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    await nameTemplate(c.id, otherTemplateId);
    expect(await t.db.transaction((tx) => issueClassCertificates(tx, c.id))).toBe(0);
    expect(await holders(c.id)).toEqual([a!.id, d!.id].sort((x, y) => x - y));
  });

  it('gives none for a class without a certificate, nor for a refused sheet', async () => {
    const c = await admittedClass();
    await decide(
      c.id,
      trainees.map((tr) => ({ userId: tr.id, score: 90 })),
    );
    expect(await holders(c.id)).toEqual([]);
    expect((await myRow(trainees[0]!.s, c.id))?.certificate).toBeNull();

    const refused = await admittedClass();
    await nameTemplate(refused.id, templateId);
    await enter(
      clerk,
      refused.id,
      trainees.map((tr) => ({ userId: tr.id, score: 90 })),
    );
    await ok(t.app, clerk, '/api/train-result/submit', { classId: refused.id });
    await ok(t.app, approver, '/api/train-result/refuse', { classId: refused.id, reason: 'Check the scores' });
    expect(await holders(refused.id)).toEqual([]);
  });

  it('a mixed class: a trainee completes with the online course and the in-person result, at the approval or when the last course is passed later', async () => {
    const pdf = await buildCourseware(t.db, { type: 'general', mime: 'application/pdf' });
    const course = await buildCourse(t.db, { chapters: [[pdf]], audience: [{ type: 'org', id: dept.id }] });
    const learners: Person[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await buildUser(t.db, { orgId: dept.id, permissions: ['kc-pc', 'zs-pc'] });
      learners.push({ ...(await login(t.app, u.username, u.password)), id: u.id });
    }
    const [early, late, failed] = learners;
    const c = await buildClass(t.db, { orgId: dept.id, mode: 'mixed' });
    await t.db.insert(trainClassCourses).values({ classId: c.id, courseId: course.id });
    for (const l of learners) await enrol(t.db, c.id, l.id);
    await nameTemplate(c.id, templateId);
    /** The learner reads the course's one PDF to its last page: the course is passed. */
    async function passCourse(s: Session) {
      await ok(t.app, s, '/api/learning/course/start', { id: course.id });
      await ok(t.app, s, '/api/learning/item/open', { courseId: course.id, itemId: course.itemIds[0] });
      const beat = await ok<{ learner: { status: string } }>(t.app, s, '/api/learning/heartbeat', {
        courseId: course.id,
        itemId: course.itemIds[0],
        visible: true,
        position: 3,
      });
      expect(beat.learner.status).toBe('passed');
    }

    await passCourse(early!);
    // The course alone completes nothing: the in-person part is not decided yet.
    expect(await holders(c.id)).toEqual([]);
    await decide(c.id, [
      { userId: early!.id, score: 90 },
      { userId: late!.id, score: 85 },
      { userId: failed!.id, score: 30 },
    ]);
    // At the approval: the trainee with both parts done.
    expect(await holders(c.id)).toEqual([early!.id]);
    // Later: the last online course passed completes the class then, in the same transaction.
    await passCourse(late!);
    expect(await holders(c.id)).toEqual([early!.id, late!.id].sort((x, y) => x - y));
    expect((await myRow(late!, c.id, 'mixed'))?.certificate).toMatchObject({ status: 'valid' });
    // Failed in person: the course does not make up for it.
    await passCourse(failed!);
    expect(await holders(c.id)).toEqual([early!.id, late!.id].sort((x, y) => x - y));
    expect((await myRow(failed!, c.id, 'mixed'))?.certificate).toBeNull();
  });
});
