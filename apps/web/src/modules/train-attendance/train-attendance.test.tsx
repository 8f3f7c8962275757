// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { trainAttendanceRoutes as routes, trainClassRoutes, type AttendanceSheet } from '@hanlin/shared';
import { session } from '../../platform/session';
import { pickOption, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import ManageTrainAttendancePage from './manage/AttendancePage';
import MixSignInPage from './manage/MixSignInPage';
import { ClassAttendancePanel } from './components/ClassAttendancePanel';
import { ClassSignInScreen, currentStage } from './components/ClassSignInScreen';
import SignInPage from './portal/SignInPage';

const ABILITIES = { modify: false, submit: false, approve: false, refuse: false, reopen: false };
const sheetOf = (over: Partial<AttendanceSheet> = {}): AttendanceSheet =>
  sample(routes.sheet.response, {
    id: 3,
    name: 'Safety class',
    state: 'draft',
    reason: '',
    stages: [
      { id: 11, name: 'Stage A', startsAt: '2031-03-01T01:00:00.000Z', endsAt: '2031-03-01T02:00:00.000Z' },
      { id: 12, name: 'Stage B', startsAt: '2031-03-02T01:00:00.000Z', endsAt: '2031-03-02T02:00:00.000Z' },
    ],
    trainees: [
      { userId: 1, realname: 'Ann', username: 'ann', orgName: 'Dept A' },
      { userId: 2, realname: 'Ben', username: 'ben', orgName: 'Dept B' },
    ],
    records: [{ stageId: 11, userId: 1, status: 'present', source: 'qr', signedAt: '2031-03-01T00:58:00.000Z' }],
    ...over,
    abilities: { ...ABILITIES, ...over.abilities },
  });

describe('manage-train-attendance', () => {
  it('picks a class in scope, enters statuses in bulk and saves only what changed', async () => {
    session.set({ operateAuth: ['pxkqsp', 'pxkqsp:import'] });
    const api = fakeApi()
      .on(trainClassRoutes.options, [{ id: 3, name: 'Safety class', code: 'PX1', state: 'published' }])
      .on(routes.sheet, sheetOf({ abilities: { ...ABILITIES, modify: true, submit: true } }))
      .on(routes.enter, { count: 3 });
    renderAt('/list', () => <ManageTrainAttendancePage />);
    await pickOption('attendance-class-picker', 'Safety class (PX1)');
    await waitFor(() => expect(screen.getAllByTestId('attendance-trainee')).toHaveLength(2));
    expect(api.last(routes.sheet)).toEqual({ classId: 3 });
    expect(screen.getByTestId('attendance-import')).toBeTruthy();
    expect(screen.queryByTestId('attendance-approve')).toBeNull();
    expect((screen.getByTestId('attendance-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByTestId('attendance-all-present-12')[0]!);
    await pickOption('attendance-cell-11-2', '请假');
    fireEvent.click(screen.getByTestId('attendance-save'));
    await waitFor(() => expect(api.last(routes.enter)).toBeDefined());
    const sent = api.last(routes.enter) as { classId: number; entries: unknown[] };
    expect(sent.classId).toBe(3);
    expect(sent.entries).toEqual(
      expect.arrayContaining([
        { stageId: 12, userId: 1, status: 'present' },
        { stageId: 12, userId: 2, status: 'present' },
        { stageId: 11, userId: 2, status: 'leave' },
      ]),
    );
    expect(sent.entries).toHaveLength(3);
  });
  it('manage-mix-train-sign lists the mixed classes only', async () => {
    session.set({ operateAuth: ['pxapgl'] });
    const api = fakeApi().on(trainClassRoutes.options, [{ id: 4, name: 'Blended class', code: 'PX2', state: 'published' }]);
    renderAt('/list', () => <MixSignInPage />);
    expect(screen.getByText('请先选择培训班')).toBeTruthy();
    // The one class picker of the training pages, narrowed to mixed classes.
    await pickOption('attendance-class-picker', 'Blended class (PX2)');
    expect(api.last(trainClassRoutes.options)).toEqual({ mode: 'mixed' });
  });
});

describe('ClassAttendancePanel', () => {
  it('a submitted sheet is read only; an approver approves or refuses with a reason', async () => {
    session.set({ operateAuth: ['pxkqsp', 'pxkqsp:approve'] });
    const api = fakeApi()
      .on(routes.sheet, sheetOf({ state: 'submitted', abilities: { ...ABILITIES, approve: true, refuse: true } }))
      .on(routes.refuse, sheetOf({ state: 'refused', reason: 'Stage B missing' }));
    renderAt('/list', () => <ClassAttendancePanel classId={3} />);
    await waitFor(() => expect(screen.getAllByTestId('attendance-cell')).toHaveLength(4));
    expect(screen.getAllByTestId('attendance-cell').map((c) => c.textContent)).toEqual(['出勤', '—', '—', '—']);
    expect(screen.queryByTestId('attendance-save')).toBeNull();
    expect(screen.getByTestId('attendance-approve')).toBeTruthy();
    fireEvent.click(screen.getByTestId('attendance-refuse'));
    fireEvent.change(await screen.findByTestId('attendance-refuse-reason'), { target: { value: 'Stage B missing' } });
    fireEvent.click(screen.getByTestId('attendance-refuse-ok'));
    await waitFor(() => expect(api.last(routes.refuse)).toEqual({ classId: 3, reason: 'Stage B missing' }));
  });

  it('shows the statistics per stage, person and organization', async () => {
    session.set({ operateAuth: ['pxkqsp'] });
    fakeApi()
      .on(routes.sheet, sheetOf())
      .on(routes.stats, {
        trainees: 2,
        stages: [
          {
            id: 11,
            name: 'Stage A',
            startsAt: '2031-03-01T01:00:00.000Z',
            endsAt: '2031-03-01T02:00:00.000Z',
            present: 1,
            late: 0,
            absent: 1,
            leave: 0,
            unmarked: 0,
            rate: 0.5,
          },
        ],
        people: [{ userId: 1, realname: 'Ann', username: 'ann', orgName: 'Dept A', attended: 1, total: 1, rate: 1 }],
        orgs: [{ orgName: 'Dept A', people: 1, attended: 1, possible: 1, rate: 1 }],
      });
    renderAt('/list', () => <ClassAttendancePanel classId={3} />);
    fireEvent.click(await screen.findByText('考勤统计'));
    const stats = await screen.findByTestId('attendance-stats');
    await waitFor(() =>
      expect(
        within(stats)
          .getAllByTestId('attendance-rate')
          .map((e) => e.textContent),
      ).toEqual(['50%', '100%', '100%']),
    );
  });
});

describe('ClassSignInScreen', () => {
  it('shows the QR of the open stage and counts down from the server window, not the device clock', async () => {
    session.set({ operateAuth: ['pxgl-bzr'] });
    const api = fakeApi().on(routes.sheet, sheetOf()).on(routes.qr, {
      stageId: 11,
      stageName: 'Stage A',
      className: 'Safety class',
      token: '11.1.abc',
      url: '/portal/training/sign-in?t=11.1.abc',
      // Years away from the device's clock: only the difference of the two counts.
      serverTime: '2031-03-01T00:59:48.000Z',
      windowEndsAt: '2031-03-01T01:00:00.000Z',
    });
    renderAt('/list', () => <ClassSignInScreen classId={3} />);
    expect((await screen.findByTestId('sign-in-countdown')).textContent).toMatch(/^1[12] 秒后刷新$/);
    expect(await screen.findByTestId('sign-in-qr')).toBeTruthy();
    expect(screen.getByTestId('sign-in-stage-name').textContent).toBe('Stage A');
    expect(api.last(routes.qr)).toMatchObject({ stageId: expect.any(Number) });
  });

  it('opens on the stage whose sign-in window holds the server time', () => {
    const stages = sheetOf().stages;
    expect(currentStage(stages, Date.parse('2031-03-02T00:45:00.000Z'))).toBe(12);
    expect(currentStage(stages, Date.parse('2031-03-01T01:30:00.000Z'))).toBe(11);
    expect(currentStage(stages, Date.parse('2031-03-01T12:00:00.000Z'))).toBe(12);
    expect(currentStage(stages, Date.parse('2032-01-01T00:00:00.000Z'))).toBe(12);
  });
});

describe('portal sign-in page', () => {
  it('signs in with the scanned code once and shows the class and stage', async () => {
    session.set({ operateAuth: ['zs-pc'] });
    const api = fakeApi().on(routes.signIn, { className: 'Safety class', stageName: 'Stage A', status: 'late', signedAt: '2031-03-01T01:20:00.000Z' });
    renderAt('/list?t=11.5.abcdefghijklmnopqrstuv', () => <SignInPage />);
    expect((await screen.findByTestId('sign-in-detail')).textContent).toContain('Safety class · Stage A');
    expect(screen.getByText('签到成功（迟到）')).toBeTruthy();
    expect(api.sent(routes.signIn)).toEqual([{ token: '11.5.abcdefghijklmnopqrstuv' }]);
  });

  it('shows a refusal in the reader language', async () => {
    session.set({ operateAuth: ['zs-pc'] });
    fakeApi().fail(routes.signIn, 'SIGN_IN_ENDED');
    renderAt('/list?t=11.5.abcdefghijklmnopqrstuv', () => <SignInPage />);
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe('签到已结束');
  });

  it('asks for the code when the page is opened without one', async () => {
    const api = fakeApi();
    renderAt('/list', () => <SignInPage />);
    expect((await screen.findByTestId('sign-in-result')).textContent).toContain('请扫描培训班的签到二维码');
    expect(api.sent(routes.signIn)).toEqual([]);
  });
});
