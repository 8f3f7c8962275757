// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { questionnaireRoutes as routes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, pickOption, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import QuestionnaireEditPage from './QuestionnaireEditPage';

const type = async (testId: string, value: string) => fireEvent.change(await screen.findByTestId(testId), { target: { value } });

describe('questionnaire editor (add-questionnaire)', () => {
  it('adds a required single-choice question with two options, a question shown on one of its answers, and sends them in the order set', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const api = fakeApi().on(routes.insert, { id: 9 });
    const { router } = renderAt('/list?categoryId=3', () => <QuestionnaireEditPage />);
    await type('questionnaire-name', 'Canteen survey');
    fireEvent.click(screen.getByTestId('questionnaire-add-single'));
    await type('questionnaire-item-0-title', 'How was lunch?');
    await type('questionnaire-item-0-option-0', 'Good');
    await type('questionnaire-item-0-option-1', 'Bad');
    expect((screen.getByTestId('questionnaire-item-0-required') as HTMLInputElement).checked).toBe(true);

    // A long text asked only of those who answered "Bad", then a section header moved up above both.
    fireEvent.click(screen.getByTestId('questionnaire-add-textarea'));
    await type('questionnaire-item-1-title', 'What went wrong?');
    fireEvent.click(screen.getByTestId('questionnaire-item-1-required'));
    await pickOption('questionnaire-item-1-condition-item', 'How was lunch?');
    fireEvent.click(await within(await screen.findByTestId('questionnaire-item-1-condition-options')).findByText('Bad'));
    fireEvent.click(screen.getByTestId('questionnaire-add-section'));
    await type('questionnaire-item-2-title', 'Food');
    fireEvent.click(screen.getByTestId('questionnaire-item-2-up'));
    fireEvent.click(await screen.findByTestId('questionnaire-item-1-up'));

    fireEvent.click(screen.getByTestId('questionnaire-save'));
    await waitFor(() => expect(api.last(routes.insert)).toBeTruthy());
    expect(api.last(routes.insert)).toEqual({
      name: 'Canteen survey',
      categoryId: 3,
      description: '',
      items: [
        { kind: 'section', key: 'q3', title: 'Food' },
        { kind: 'single', key: 'q1', title: 'How was lunch?', required: true, options: ['Good', 'Bad'], allowOther: false },
        { kind: 'textarea', key: 'q2', title: 'What went wrong?', required: false, maxLength: 2000, condition: { itemKey: 'q1', anyOf: [1] } },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-questionnaires'));
  });

  it('edits every kind: pick limits and "other", text length, rating scale, matrix rows × Likert columns, number range, date; a duplicated item gets its own key', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const api = fakeApi().on(routes.insert, { id: 9 });
    renderAt('/list', () => <QuestionnaireEditPage />);
    await type('questionnaire-name', 'All kinds');
    fireEvent.click(screen.getByTestId('questionnaire-add-multiple'));
    await type('questionnaire-item-0-title', 'Sports');
    await type('questionnaire-item-0-option-0', 'Tennis');
    await type('questionnaire-item-0-option-1', 'Golf');
    fireEvent.click(screen.getByTestId('questionnaire-item-0-option-add'));
    await type('questionnaire-item-0-option-2', 'Chess');
    fireEvent.click(screen.getByTestId('questionnaire-item-0-other'));
    await type('questionnaire-item-0-min-picks', '1');
    await type('questionnaire-item-0-max-picks', '2');
    fireEvent.click(screen.getByTestId('questionnaire-add-text'));
    await type('questionnaire-item-1-title', 'Nickname');
    await type('questionnaire-item-1-max-length', '50');
    fireEvent.click(screen.getByTestId('questionnaire-add-rating'));
    await type('questionnaire-item-2-title', 'Overall');
    fireEvent.click(within(screen.getByTestId('questionnaire-item-2-scale')).getByText('1–10 星'));
    fireEvent.click(screen.getByTestId('questionnaire-add-matrix'));
    await type('questionnaire-item-3-title', 'Staff');
    await type('questionnaire-item-3-row-0', 'Friendly');
    fireEvent.click(screen.getByTestId('questionnaire-item-3-row-add'));
    await type('questionnaire-item-3-row-1', 'Quick');
    fireEvent.click(screen.getByTestId('questionnaire-add-number'));
    await type('questionnaire-item-4-title', 'Age');
    await type('questionnaire-item-4-min', '16');
    await type('questionnaire-item-4-max', '99');
    fireEvent.click(screen.getByTestId('questionnaire-item-4-duplicate'));
    await type('questionnaire-item-5-title', 'Years of service');
    fireEvent.click(screen.getByTestId('questionnaire-add-date'));
    await type('questionnaire-item-6-title', 'Start date');

    fireEvent.click(screen.getByTestId('questionnaire-save'));
    await waitFor(() => expect(api.last(routes.insert)).toBeTruthy());
    const likert = ['非常不同意', '不同意', '一般', '同意', '非常同意'];
    expect(api.last(routes.insert)?.items).toEqual([
      { kind: 'multiple', key: 'q1', title: 'Sports', required: true, options: ['Tennis', 'Golf', 'Chess'], allowOther: true, minPicks: 1, maxPicks: 2 },
      { kind: 'text', key: 'q2', title: 'Nickname', required: true, maxLength: 50 },
      { kind: 'rating', key: 'q3', title: 'Overall', required: true, scale: 10 },
      { kind: 'matrix', key: 'q4', title: 'Staff', required: true, rows: ['Friendly', 'Quick'], columns: likert },
      { kind: 'number', key: 'q5', title: 'Age', required: true, min: 16, max: 99, integer: false },
      { kind: 'number', key: 'q6', title: 'Years of service', required: true, min: 16, max: 99, integer: false },
      { kind: 'date', key: 'q7', title: 'Start date', required: true },
    ]);
  });

  it("shows the shared schema's rules on their fields and sends nothing", async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const api = fakeApi();
    renderAt('/list', () => <QuestionnaireEditPage />);
    fireEvent.click(screen.getByTestId('questionnaire-add-multiple'));
    await type('questionnaire-item-0-title', 'Which sports?');
    await type('questionnaire-item-0-option-0', 'Tennis');
    await type('questionnaire-item-0-option-1', 'Tennis');
    await type('questionnaire-item-0-max-picks', '3');
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    // The name is required; two options repeat; three picks of two options (no "other") are more than there are.
    await waitFor(() => expect(formErrors()).toEqual(expect.arrayContaining(['此项为必填项', '选项不能重复', '选择数量超过了选项数'])));
    const maxPicks = screen.getByTestId('questionnaire-item-0-max-picks');
    expect(maxPicks.closest('.ant-form-item')?.textContent).toContain('选择数量超过了选项数');
    expect(api.sent(routes.insert)).toHaveLength(0);
  });

  it('removing a question frees the questions shown on its answers (they are shown always)', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const api = fakeApi().on(routes.insert, { id: 9 });
    renderAt('/list', () => <QuestionnaireEditPage />);
    await type('questionnaire-name', 'Conditions');
    fireEvent.click(screen.getByTestId('questionnaire-add-single'));
    await type('questionnaire-item-0-title', 'Smoker?');
    await type('questionnaire-item-0-option-0', 'Yes');
    await type('questionnaire-item-0-option-1', 'No');
    fireEvent.click(screen.getByTestId('questionnaire-add-number'));
    await type('questionnaire-item-1-title', 'Cigarettes a day');
    await pickOption('questionnaire-item-1-condition-item', 'Smoker?');
    fireEvent.click(await within(await screen.findByTestId('questionnaire-item-1-condition-options')).findByText('Yes'));
    fireEvent.click(screen.getByTestId('questionnaire-item-0-remove'));
    await waitFor(() => expect((screen.getByTestId('questionnaire-item-0-title') as HTMLInputElement).value).toBe('Cigarettes a day'));
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    await waitFor(() => expect(api.last(routes.insert)).toBeTruthy());
    expect(api.last(routes.insert)?.items).toEqual([{ kind: 'number', key: 'q2', title: 'Cigarettes a day', required: true, integer: false }]);
  });

  it('opens a published template read-only', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:modify'] });
    fakeApi().on(
      routes.get,
      sample(routes.get.response, {
        id: 4,
        name: 'Exit interview',
        status: 'published',
        abilities: { modify: false, delete: false, publish: false, unpublish: true, copy: true },
        items: [{ kind: 'rating', key: 'r1', title: 'Your manager', required: true, scale: 10 }],
      }),
    );
    renderAt('/list?id=4', () => <QuestionnaireEditPage />);
    expect(await screen.findByTestId('questionnaire-locked')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('questionnaire-item-0-title') as HTMLInputElement).value).toBe('Your manager'));
    expect((screen.getByTestId('questionnaire-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
