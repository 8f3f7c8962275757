// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { questionnaireRoutes as routes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { pickOption, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import QuestionnaireEditPage from './QuestionnaireEditPage';
import QuestionnaireListPage from './QuestionnaireListPage';

const type = async (testId: string, value: string) => fireEvent.change(await screen.findByTestId(testId), { target: { value } });

describe('questionnaire preview', () => {
  it("shows the editor's items with the respondent's form: conditions follow the answers and a try at submitting meets the same checks", async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const api = fakeApi();
    renderAt('/list', () => <QuestionnaireEditPage />);
    await type('questionnaire-name', 'Canteen survey');
    fireEvent.click(screen.getByTestId('questionnaire-add-single'));
    await type('questionnaire-item-0-title', 'How was lunch?');
    await type('questionnaire-item-0-option-0', 'Good');
    await type('questionnaire-item-0-option-1', 'Bad');
    fireEvent.click(screen.getByTestId('questionnaire-add-text'));
    await type('questionnaire-item-1-title', 'What went wrong?');
    await pickOption('questionnaire-item-1-condition-item', 'How was lunch?');
    fireEvent.click(await within(await screen.findByTestId('questionnaire-item-1-condition-options')).findByText('Bad'));

    fireEvent.click(screen.getByTestId('questionnaire-preview-open'));
    const preview = await screen.findByTestId('questionnaire-preview');
    expect(within(preview).getByText('Canteen survey')).toBeTruthy();
    expect(within(preview).getByTestId('q-q1').textContent).toContain('How was lunch?');
    // The follow-up is hidden until "Bad" is picked.
    expect(within(preview).queryByTestId('q-q2')).toBeNull();
    fireEvent.click(within(preview).getByTestId('questionnaire-preview-check'));
    expect(await within(preview).findByTestId('q-q1-error')).toBeTruthy();
    fireEvent.click(within(preview).getByTestId('q-q1-opt-1'));
    expect((await within(preview).findByTestId('q-q2')).textContent).toContain('What went wrong?');
    await waitFor(() => expect(within(preview).queryByTestId('q-q1-error')).toBeNull());
    // The follow-up is required (new questions are): a try without it is refused on it, then passes.
    fireEvent.click(within(preview).getByTestId('questionnaire-preview-check'));
    expect(await within(preview).findByTestId('q-q2-error')).toBeTruthy();
    fireEvent.change(within(preview).getByTestId('q-q2-text'), { target: { value: 'Cold soup' } });
    fireEvent.click(within(preview).getByTestId('questionnaire-preview-check'));
    expect(await within(preview).findByTestId('questionnaire-preview-passed')).toBeTruthy();
    // Nothing was saved.
    expect(api.sent(routes.insert)).toHaveLength(0);
  });

  it('previews a saved template from the list', async () => {
    session.set({ operateAuth: ['wjgl'] });
    fakeApi()
      .rows(routes.list, [{ id: 4, name: 'Exit interview' }])
      .on(
        routes.get,
        sample(routes.get.response, {
          id: 4,
          name: 'Exit interview',
          description: 'Thank you for your time',
          items: [
            { kind: 'section', key: 's1', title: 'Your team' },
            { kind: 'rating', key: 'r1', title: 'Your manager', required: true, scale: 10 },
          ],
        }),
      );
    renderAt('/list', () => <QuestionnaireListPage />);
    fireEvent.click(await screen.findByTestId('questionnaire-row-preview'));
    const preview = await screen.findByTestId('questionnaire-preview');
    expect(within(preview).getByText('Thank you for your time')).toBeTruthy();
    expect(within(preview).getByText('Your team')).toBeTruthy();
    expect(within(preview).getByTestId('q-r1-rating')).toBeTruthy();
  });
});
