// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERRORS, QuestionnaireItemsSchema, surveyRoutes, type AnswerSet } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { failure, fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import MySurveysPage from './MySurveysPage';
import SurveyAnswerPage from './SurveyAnswerPage';
import { DRAFT_DELAY_MS } from './useDraftSaver';

const items = QuestionnaireItemsSchema.parse([
  { kind: 'rating', key: 'food', title: 'How is the food?', required: true },
  { kind: 'single', key: 'again', title: 'Eat here again?', options: ['Yes', 'No'], required: true },
  { kind: 'textarea', key: 'why', title: 'Why not?', required: true, condition: { itemKey: 'again', anyOf: [1] } },
  { kind: 'text', key: 'dish', title: 'Favourite dish' },
]);
const sheetOf = (over: Parameters<typeof sample<typeof surveyRoutes.sheet.response>>[1] = {}) =>
  sample(surveyRoutes.sheet.response, { id: 8, name: 'Canteen survey', state: 'open', items, draft: null, abilities: { answer: true, results: false }, ...over });
const at = '/student-center/questionnaire/8';
const path = '/student-center/questionnaire/:id';
const pick = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const star = (n: number) => fireEvent.click(screen.getByTestId('q-food-rating').querySelectorAll('.ant-rate-star > div')[n - 1]!);
const confirmSubmit = async () => {
  pick('survey-submit');
  // A confirmation closed a moment ago may still be fading out: the newest is the last.
  fireEvent.click((await screen.findAllByTestId('survey-submit-ok')).at(-1)!);
};

describe('my surveys (student center)', () => {
  it('lists the surveys open to me with their state, times and whether I answered; answering opens the survey', async () => {
    const api = fakeApi().rows(surveyRoutes.my, [
      { id: 8, name: 'Canteen survey', state: 'open', answeredCount: 0, abilities: { answer: true, results: false } },
      { id: 9, name: 'Safety week', state: 'answered', answeredCount: 1, abilities: { answer: false, results: false } },
      { id: 10, name: 'Next term', state: 'notStarted', answeredCount: 0, abilities: { answer: false, results: false } },
    ]);
    const { router } = renderAt('/student-center/questionnaires', () => <MySurveysPage />, { path: '/student-center/questionnaires' });
    await waitFor(() => expect(screen.getAllByTestId('my-survey-name').map((e) => e.textContent)).toEqual(['Canteen survey', 'Safety week', 'Next term']));
    const [open, answered, notStarted] = screen.getAllByTestId('my-survey-item').map((e) => within(e));
    expect(open!.getByTestId('my-survey-state-open')).toBeTruthy();
    expect(open!.getByTestId('my-survey-answered').textContent).toBe('未作答');
    expect(answered!.getByTestId('my-survey-answered').textContent).toBe('已作答 1 次');
    expect(answered!.queryByTestId('my-survey-answer')).toBeNull();
    expect(notStarted!.getByTestId('my-survey-state-notStarted')).toBeTruthy();
    expect(notStarted!.queryByTestId('my-survey-answer')).toBeNull();

    fireEvent.click(screen.getByTestId('my-surveys-tab-answered'));
    await waitFor(() => expect(api.last(surveyRoutes.my)).toMatchObject({ state: 'answered', page: 1 }));
    fireEvent.click((await screen.findAllByTestId('my-survey-answer'))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-center/questionnaire/8'));
  });
});

describe('answering a survey', () => {
  it('shows a required question left out under it and sends nothing', async () => {
    const api = fakeApi().on(surveyRoutes.sheet, sheetOf());
    renderAt(at, () => <SurveyAnswerPage />, { path });
    await screen.findByTestId('q-food');
    pick('q-again-opt-0');
    pick('survey-submit');
    expect((await screen.findByTestId('q-food-error')).textContent).toBe('此题必答');
    expect(screen.queryByTestId('q-again-error')).toBeNull();
    expect(screen.queryByTestId('survey-submit-ok')).toBeNull();
    expect(api.sent(surveyRoutes.submit)).toEqual([]);
    // Answered: its error goes.
    star(4);
    await waitFor(() => expect(screen.queryByTestId('q-food-error')).toBeNull());
    await waitFor(() => expect(api.last(surveyRoutes.saveDraft)).toMatchObject({ answers: { food: { rating: 4 } } }));
  });

  it('starts from the kept draft, keeps the draft as the student goes, submits the shown answers once confirmed, then thanks', async () => {
    const api = fakeApi().on(surveyRoutes.sheet, sheetOf({ draft: { again: { picks: [1] }, why: { text: 'Too salty' } } }));
    renderAt(at, () => <SurveyAnswerPage />, { path });
    expect(((await screen.findByTestId('q-why-text')) as HTMLTextAreaElement).value).toBe('Too salty');
    star(2);
    // The draft goes once answering pauses.
    await waitFor(() => expect(api.last(surveyRoutes.saveDraft)).toEqual({ id: 8, answers: { food: { rating: 2 }, again: { picks: [1] }, why: { text: 'Too salty' } } }));
    // "Yes" hides "why not?": its answer is not sent.
    pick('q-again-opt-0');
    expect(screen.queryByTestId('q-why')).toBeNull();
    await confirmSubmit();
    await waitFor(() => expect(api.last(surveyRoutes.submit)).toEqual({ id: 8, answers: { food: { rating: 2 }, again: { picks: [0] } } }));
    expect(await screen.findByTestId('survey-thanks')).toBeTruthy();
    expect(screen.queryByTestId('survey-submit')).toBeNull();
    expect((screen.getByTestId('q-again-opt-0') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('q-again-opt-1') as HTMLInputElement).disabled).toBe(true);
  });

  it('saves what is pending when the student leaves before the pause', async () => {
    const api = fakeApi().on(surveyRoutes.sheet, sheetOf());
    const { router } = renderAt(at, () => <SurveyAnswerPage />, { path });
    await screen.findByTestId('q-food');
    fireEvent.change(screen.getByTestId('q-dish-text'), { target: { value: 'Noodles' } });
    await act(() => router.navigate('/student-center/questionnaires'));
    // At once, well before the pause that saves a draft while answering (DRAFT_DELAY_MS).
    await waitFor(() => expect(api.last(surveyRoutes.saveDraft)).toEqual({ id: 8, answers: { dish: { text: 'Noodles' } } }), { timeout: DRAFT_DELAY_MS / 3 });
    expect(api.sent(surveyRoutes.saveDraft)).toHaveLength(1);
  });

  it('shows the server’s refusals: a second submission, and a question it found wrong', async () => {
    const answers: AnswerSet = { food: { rating: 5 }, again: { picks: [0] } };
    let refusal = failure('PARAMETER_INVALID', 'answers.food', { problem: 'outOfRange' });
    const api = fakeApi()
      .on(surveyRoutes.sheet, sheetOf({ draft: answers }))
      .on(surveyRoutes.submit, () => refusal);
    renderAt(at, () => <SurveyAnswerPage />, { path });
    await screen.findByTestId('q-food');
    await confirmSubmit();
    expect((await screen.findByTestId('q-food-error')).textContent).toBe('超出允许的范围');

    refusal = failure('REPEAT_SUBMIT_ERROR', 'id');
    await confirmSubmit();
    await waitFor(() => expect(api.sent(surveyRoutes.submit)).toHaveLength(2));
    expect(await screen.findByText(ERRORS.REPEAT_SUBMIT_ERROR.text['zh-CN'])).toBeTruthy();
    expect(screen.queryByTestId('survey-thanks')).toBeNull();
  });

  it('a survey I may not answer (already answered) says why and offers no submission', async () => {
    fakeApi().on(surveyRoutes.sheet, sheetOf({ state: 'answered', abilities: { answer: false, results: false } }));
    renderAt(at, () => <SurveyAnswerPage />, { path });
    expect((await screen.findByTestId('survey-closed')).textContent).toContain('您已提交过此问卷');
    expect(screen.queryByTestId('survey-submit')).toBeNull();
  });
});
