// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, QuestionnaireItemsSchema, questionnaireRoutes, surveyRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, pickOption, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample as sampleOf } from '../../../platform/kernel/testing/fake-api';
import SurveyEditPage from './SurveyEditPage';

const later = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const none = { modify: false, delete: false, release: false, unrelease: false, end: false };
const survey = (over: Parameters<typeof sampleOf<typeof surveyRoutes.get.response>>[1] = {}) =>
  sampleOf(surveyRoutes.get.response, {
    id: 5,
    name: 'Canteen survey',
    status: 'draft',
    startAt: later(24),
    endAt: later(48),
    audience: [{ type: 'org', id: 1, name: 'HQ' }],
    abilities: { ...none, modify: true, delete: true, release: true },
    ...over,
  });
const items = QuestionnaireItemsSchema.parse([
  { kind: 'rating', key: 'food', title: 'How is the food?', required: true },
  { kind: 'textarea', key: 'wish', title: 'What would you add?' },
]);

describe('add-survey', () => {
  beforeEach(() => session.set({ operateAuth: ['dcgl', 'dcgl:add', 'dcgl:modify', 'dcgl:publish'] }));

  it('refuses an end not after the start with the shared schema’s rule, before asking the server', async () => {
    const api = fakeApi().on(surveyRoutes.get, survey({ startAt: later(30), endAt: later(24) }));
    renderAt('/list?id=5', () => <SurveyEditPage />);
    await waitFor(() => expect((screen.getByTestId('survey-name') as HTMLInputElement).value).toBe('Canteen survey'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(formErrors()).toContain('结束时间必须晚于开始时间'));
    expect(api.sent(surveyRoutes.update)).toEqual([]);
  });

  it('sends only what changed; a released survey’s refusal shows on the field', async () => {
    const api = fakeApi()
      .on(surveyRoutes.get, survey({ status: 'released', abilities: { ...none, modify: true, unrelease: true } }))
      .fail(surveyRoutes.update, 'SURVEY_RELEASED_CHANGE_REFUSED', 'name');
    renderAt('/list?id=5', () => <SurveyEditPage />);
    const name = (await screen.findByTestId('survey-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Canteen survey'));
    expect(screen.getByTestId('survey-released-hint')).toBeTruthy();
    // Released: no "save and release" (its ability is false).
    expect(screen.queryByTestId('survey-submit-publish')).toBeNull();
    fireEvent.change(name, { target: { value: 'Canteen survey 2026' } });
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(api.last(surveyRoutes.update)).toEqual({ id: 5, name: 'Canteen survey 2026' }));
    await waitFor(() => expect(formErrors()).toContain(ERRORS.SURVEY_RELEASED_CHANGE_REFUSED.text['zh-CN']));
  });

  it('copies the questions of the published template picked, shows them, and saves and releases', async () => {
    const template = sampleOf(questionnaireRoutes.get.response, { id: 4, name: 'Canteen template', status: 'published', questionCount: 2, items });
    const api = fakeApi()
      .on(surveyRoutes.get, survey())
      .rows(questionnaireRoutes.list, [{ id: 4, name: 'Canteen template', questionCount: 2 }])
      .on(questionnaireRoutes.get, template);
    renderAt('/list?id=5', () => <SurveyEditPage />);
    await waitFor(() => expect((screen.getByTestId('survey-name') as HTMLInputElement).value).toBe('Canteen survey'));
    await waitFor(() => expect(screen.getByTestId('survey-items').textContent).toContain('还没有题目'));
    await pickOption('survey-template', 'Canteen template（2 题）');
    await waitFor(() => expect(screen.getByTestId('survey-items').textContent).toContain('How is the food?'));
    expect(api.last(questionnaireRoutes.list)).toMatchObject({ status: 'published' });
    fireEvent.click(screen.getByTestId('survey-submit-publish'));
    await waitFor(() => expect(api.last(surveyRoutes.release)).toEqual({ ids: [5] }));
    expect(api.last(surveyRoutes.update)).toEqual({ id: 5, templateId: 4, items });
  });

  it('builds the questions in place without a template and sends them; a problem in them saves nothing', async () => {
    const api = fakeApi().on(surveyRoutes.get, survey({ items: [], templateId: null }));
    renderAt('/list?id=5', () => <SurveyEditPage />);
    await waitFor(() => expect((screen.getByTestId('survey-name') as HTMLInputElement).value).toBe('Canteen survey'));
    fireEvent.click(await screen.findByTestId('questionnaire-add-rating'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    // The rating has no title yet: the editor says so and nothing is sent.
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(surveyRoutes.update)).toEqual([]);

    fireEvent.change(screen.getByTestId('questionnaire-item-0-title'), { target: { value: 'How is the food?' } });
    fireEvent.click(screen.getByTestId('questionnaire-add-textarea'));
    fireEvent.change(await screen.findByTestId('questionnaire-item-1-title'), { target: { value: 'What would you add?' } });
    fireEvent.click(screen.getByTestId('questionnaire-item-1-required'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(api.last(surveyRoutes.update)).toBeTruthy());
    expect(api.last(surveyRoutes.update)).toEqual({
      id: 5,
      items: [
        { kind: 'rating', key: 'q1', title: 'How is the food?', required: true, scale: 5 },
        { kind: 'textarea', key: 'q2', title: 'What would you add?', required: false, maxLength: 2000 },
      ],
    });
  });

  it('shows the questions of a released or answered survey read-only and never sends them', async () => {
    const api = fakeApi().on(surveyRoutes.get, survey({ items, templateId: null, respondents: 3 }));
    renderAt('/list?id=5', () => <SurveyEditPage />);
    await waitFor(() => expect(screen.getByTestId('survey-items').textContent).toContain('How is the food?'));
    expect(screen.queryByTestId('questionnaire-add-rating')).toBeNull();
    const name = screen.getByTestId('survey-name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Canteen 2027' } });
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(api.last(surveyRoutes.update)).toEqual({ id: 5, name: 'Canteen 2027' }));
  });
});
