// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERRORS, trainResultRoutes as routes, type TrainResultSheet } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import ResultClassListPage from './manage/ResultClassListPage';
import { ClassResultsPanel } from './components/ClassResultsPanel';
import TrainSatisfactionPage from './portal/TrainSatisfactionPage';
import LecturerEvaluationPage from './lecturer/LecturerEvaluationPage';
import ChargesPage from './manage/ChargesPage';
import MixedResultPage from './manage/MixedResultPage';

const abilities = { modify: false, delete: false, import: false, submit: false, approve: false, refuse: false };
const sheet = (over: Partial<TrainResultSheet> = {}) =>
  sample(routes.sheet.response, {
    id: 7,
    name: 'Safety class',
    state: 'draft',
    classState: 'published',
    startAt: '2020-01-01T00:00:00Z',
    trainees: 2,
    entered: 1,
    refuseReason: '',
    resultsOpenAt: null,
    abilities: { ...abilities, modify: true, import: true, submit: true },
    rows: [
      { userId: 1, realname: 'Ann', username: 'ann', orgName: 'A', score: 80, passed: true, comment: '', enteredByName: 'Clerk', enteredAt: '2031-01-01T00:00:00Z' },
      { userId: 2, realname: 'Bob', username: 'bob', orgName: 'A', score: null, passed: null, comment: '', enteredByName: null, enteredAt: null },
    ],
    ...over,
  } as never) as TrainResultSheet;

describe('train results', () => {
  it('the class list shows sheet states and offers only what each row allows; the filter is sent', async () => {
    session.set({ operateAuth: ['pxjgsp', 'pxjgsp:approve'] });
    const api = fakeApi().rows(routes.classes, [
      { name: 'Class A', state: 'submitted', abilities: { ...abilities, approve: true, refuse: true } },
      { name: 'Class B', state: 'approved', abilities },
    ]);
    renderAt('/list', () => <ResultClassListPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-result-row-name').map((e) => e.textContent)).toEqual(['Class A', 'Class B']));
    expect(screen.getByTestId('train-result-row-state-submitted').textContent).toBe('待审批');
    expect(screen.getAllByText('通过')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('train-result-filter-keyword'), { target: { value: 'Safety' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(routes.classes)).toMatchObject({ keyword: 'Safety', page: 1 }));
  });

  it('the entry grid sends the changed scores only and shows the server refusing them', async () => {
    const api = fakeApi().on(routes.sheet, sheet()).fail(routes.enter, 'STATE_TRANSITION_INVALID', 'state');
    renderAt('/list', () => <ClassResultsPanel classId={7} />);
    const score = (await screen.findByTestId('train-result-score-2')).querySelector('input') ?? (screen.getByTestId('train-result-score-2') as HTMLInputElement);
    expect((screen.getByTestId('train-result-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(score, { target: { value: '59.5' } });
    fireEvent.blur(score);
    fireEvent.click(screen.getByTestId('train-result-save'));
    await waitFor(() => expect(api.last(routes.enter)).toMatchObject({ classId: 7, results: [{ userId: 2, score: 59.5 }] }));
    expect((api.last(routes.enter) as { results: unknown[] }).results).toHaveLength(1);
    expect(await screen.findByText(ERRORS.STATE_TRANSITION_INVALID.text['zh-CN'])).toBeTruthy();
    expect(screen.getByTestId('train-result-submit')).toBeTruthy();
    expect(screen.queryByTestId('train-result-approve')).toBeNull();
  });

  it('mixed completion: before the approval a trainee who meets both conditions awaits it; after it, completed', async () => {
    session.set({ operateAuth: ['pxjgsp'] });
    const row = { realname: 'Ann', username: 'ann', orgName: 'A', coursesCompleted: 2, passed: true };
    const api = fakeApi().on(routes.mixed, {
      courses: 2,
      sheetState: 'submitted',
      rows: [
        { userId: 1, ...row, completed: false, awaitingApproval: true },
        { userId: 2, ...row, realname: 'Bob', username: 'bob', passed: false, completed: false, awaitingApproval: false },
      ],
    });
    const view = renderAt('/list?classId=5', () => <MixedResultPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-mixed-completed').map((e) => e.textContent)).toEqual(['待审批后完成', '否']));
    expect(api.last(routes.mixed)).toMatchObject({ classId: 5 });
    expect(screen.getByTestId('train-mixed-sheet-state').textContent).toBe('待审批');
    expect(screen.getByTestId('train-mixed-awaiting-hint')).toBeTruthy();
    view.unmount();

    api.on(routes.mixed, { courses: 2, sheetState: 'approved', rows: [{ userId: 1, ...row, completed: true, awaitingApproval: false }] });
    renderAt('/list?classId=5', () => <MixedResultPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-mixed-completed').map((e) => e.textContent)).toEqual(['是']));
    expect(screen.queryByTestId('train-mixed-awaiting-hint')).toBeNull();
  });

  it('before the class starts the sheet says when results can be entered, and offers no entry', async () => {
    const startAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    fakeApi().on(routes.sheet, sheet({ startAt, resultsOpenAt: startAt, entered: 0, abilities }));
    renderAt('/list', () => <ClassResultsPanel classId={7} />);
    const notice = await screen.findByTestId('train-result-not-started');
    expect(notice.textContent).toContain('开始后才能录入成绩');
    expect(notice.textContent).toContain(String(new Date(startAt).getFullYear()));
    expect(screen.queryByTestId('train-result-score-1')).toBeNull();
    expect(screen.queryByTestId('train-result-import')).toBeNull();
    expect(screen.queryByTestId('train-result-submit')).toBeNull();
  });

  it('a started class shows no such notice', async () => {
    fakeApi().on(routes.sheet, sheet());
    renderAt('/list', () => <ClassResultsPanel classId={7} />);
    expect(await screen.findByTestId('train-result-score-2')).toBeTruthy();
    expect(screen.queryByTestId('train-result-not-started')).toBeNull();
  });

  it('a submitted sheet is read only: no inputs, no import; the approver decides', async () => {
    fakeApi().on(routes.sheet, sheet({ state: 'submitted', abilities: { ...abilities, approve: true, refuse: true } }));
    renderAt('/list', () => <ClassResultsPanel classId={7} />);
    expect(await screen.findByTestId('train-result-approve')).toBeTruthy();
    expect(screen.queryByTestId('train-result-score-1')).toBeNull();
    expect(screen.queryByTestId('train-result-import')).toBeNull();
    expect(screen.getByTestId('train-result-refuse')).toBeTruthy();
  });

  it('a trainee answers the satisfaction questionnaire once; an answered one thanks instead', async () => {
    const items = [{ kind: 'rating' as const, key: 'overall', title: 'Overall', scale: 5 as const, required: true }];
    const api = fakeApi().on(routes.mySurveys, {
      classId: 7,
      className: 'Safety class',
      open: true,
      surveys: [
        { id: 1, title: 'Class survey', lecturerName: null, items, answered: false },
        { id: 2, title: 'Lecturer survey', lecturerName: 'Lee', items, answered: true },
      ],
    });
    renderAt('/training/7/satisfaction', () => <TrainSatisfactionPage />, { path: '/training/:id/satisfaction' });
    const form = await screen.findByTestId('train-survey-1');
    expect(within(screen.getByTestId('train-survey-2')).getByText('感谢您的评价')).toBeTruthy();
    // Required: nothing is sent without the rating.
    fireEvent.click(within(form).getByTestId('train-survey-send-1'));
    expect(api.sent(routes.answer)).toHaveLength(0);
    const star = form.querySelectorAll('.ant-rate-star > div')[3] as HTMLElement | undefined;
    if (star) fireEvent.click(star);
    fireEvent.click(within(form).getByTestId('train-survey-send-1'));
    const ok = await screen.findByRole('button', { name: /确\s*定|OK/ });
    fireEvent.click(ok);
    await waitFor(() => expect(api.last(routes.answer)).toMatchObject({ surveyId: 1, answers: { overall: { rating: 4 } } }));
  });

  it('the lecturer sees the satisfaction of their classes', async () => {
    fakeApi().on(routes.myEvaluation, {
      lecturerName: 'Lee',
      classes: [{ classId: 7, className: 'Safety class', startAt: '2031-01-01T00:00:00Z', result: { surveyId: 3, title: 'T', respondents: 4, score: 85.5, items: [] } }],
    });
    renderAt('/list', () => <LecturerEvaluationPage />);
    const cards = await screen.findAllByTestId('lecturer-evaluation-class');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('85.5');
    expect(cards[0]!.textContent).toContain('Safety class');
  });

  it('charges show in yuan with the planned budget; a new charge is sent in fen', async () => {
    session.set({ operateAuth: ['pxapgl', 'pxapgl:modify'] });
    const api = fakeApi().on(routes.charges, {
      records: [
        {
          id: 1,
          classId: 7,
          planLineId: 3,
          item: 'Venue',
          amountFen: 123_456,
          spentOn: '2031-03-02',
          note: '',
          creatorName: 'X',
          createdAt: '2031-03-02T00:00:00Z',
          abilities: { modify: true, delete: true },
        },
      ],
      total: 1,
      page: 1,
      size: 20,
      totalFen: 123_456,
      plannedFen: 300_000,
    });
    renderAt('/list?classId=7', () => <ChargesPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-charge-amount-cell').map((e) => e.textContent)).toEqual(['1234.56']));
    fireEvent.click(screen.getByTestId('train-charge-add'));
    fireEvent.change(await screen.findByTestId('train-charge-item'), { target: { value: 'Lunch' } });
    const amount = screen.getByTestId('train-charge-amount').querySelector('input') ?? (screen.getByTestId('train-charge-amount') as HTMLInputElement);
    fireEvent.change(amount, { target: { value: '12.3' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByTestId('train-charge-save'));
    await waitFor(() => expect(api.last(routes.insertCharge)).toMatchObject({ classId: 7, item: 'Lunch', amountFen: 1230 }));
  });
});
