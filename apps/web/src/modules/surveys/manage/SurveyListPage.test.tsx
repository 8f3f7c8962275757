// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { surveyRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import SurveyListPage from './SurveyListPage';

const ALL = ['dcgl', 'dcgl:add', 'dcgl:modify', 'dcgl:delete', 'dcgl:publish', 'dcgl:unpublish'];
const none = { modify: false, delete: false, release: false, unrelease: false, end: false };
const rowOf = (name: string) =>
  screen
    .getAllByTestId('survey-row-name')
    .find((e) => e.textContent === name)!
    .closest('tr')!;

describe('manage-survey', () => {
  it('offers on each row what its abilities allow, and a link to the results', async () => {
    session.set({ operateAuth: ALL });
    fakeApi().rows(surveyRoutes.list, [
      { id: 1, name: 'Canteen survey', status: 'draft', respondents: 0, audienceSize: 40, abilities: { ...none, modify: true, delete: true, release: true } },
      { id: 2, name: 'Safety week', status: 'released', respondents: 30, audienceSize: 40, abilities: { ...none, modify: true, unrelease: true } },
      { id: 3, name: 'Last year', status: 'ended', abilities: none },
    ]);
    const { router } = renderAt('/list', () => <SurveyListPage />);
    await expectRows('survey-row-name', ['Canteen survey', 'Safety week', 'Last year']);

    const released = within(rowOf('Safety week'));
    expect(released.getByTestId('crud-row-edit')).toBeTruthy();
    expect(released.getByTestId('crud-row-unpublish')).toBeTruthy();
    expect(released.queryByTestId('crud-row-delete')).toBeNull();
    expect(released.queryByTestId('crud-row-publish')).toBeNull();
    expect(released.getByTestId('survey-row-rate').textContent).toBe('30/40 (75%)');

    const ended = within(rowOf('Last year'));
    expect(ended.queryByTestId('crud-row-edit')).toBeNull();
    expect(ended.queryByTestId('crud-row-unpublish')).toBeNull();
    fireEvent.click(ended.getByTestId('survey-results'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/survey-result?id=3'));
  });

  it('deletes a draft after a confirmation naming it', async () => {
    session.set({ operateAuth: ALL });
    const api = fakeApi().rows(surveyRoutes.list, [{ id: 7, name: 'Canteen survey', abilities: { ...none, modify: true, delete: true, release: true } }]);
    renderAt('/list', () => <SurveyListPage />);
    await expectRows('survey-row-name', ['Canteen survey']);
    // Edit, release and delete: the third goes under "more".
    fireEvent.click(within(rowOf('Canteen survey')).getByTestId('crud-row-more'));
    fireEvent.click(await screen.findByTestId('crud-row-delete'));
    const ok = await screen.findByTestId('crud-popconfirm-ok');
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toContain('Canteen survey');
    fireEvent.click(ok);
    await waitFor(() => expect(api.last(surveyRoutes.delete)).toEqual({ ids: [7] }));
  });

  it('searches by name, and without the codes offers no actions', async () => {
    session.set({ operateAuth: ['dcgl'] });
    const api = fakeApi().rows(surveyRoutes.list, [{ name: 'Canteen survey', abilities: { ...none, modify: true, delete: true, release: true } }]);
    renderAt('/list', () => <SurveyListPage />);
    await expectRows('survey-row-name', ['Canteen survey']);
    expect(screen.queryByTestId('crud-row-edit')).toBeNull();
    expect(screen.queryByTestId('crud-row-publish')).toBeNull();
    expect(screen.queryByTestId('crud-add')).toBeNull();
    await searchBy('survey-filter-keyword', 'canteen', () => api.last(surveyRoutes.list), { keyword: 'canteen' });
  });
});
