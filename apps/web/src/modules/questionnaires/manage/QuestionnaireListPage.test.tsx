// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERRORS, QUESTIONNAIRE_IMPORT_REASONS, questionnaireRoutes as routes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import QuestionnaireListPage from './QuestionnaireListPage';

const none = { modify: false, delete: false, publish: false, unpublish: false, copy: false };

describe('questionnaire templates (manage-questionnaires)', () => {
  it('lists the templates, offers only what each row allows, and shows the "in use" refusal naming the record', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add', 'wjgl:modify', 'wjgl:delete', 'wjgl:publish', 'wjgl:unpublish'] });
    const api = fakeApi()
      .rows(routes.list, [
        { id: 1, name: 'Course feedback', status: 'published', questionCount: 12, abilities: { ...none, unpublish: true, copy: true } },
        { id: 2, name: 'Canteen survey', status: 'draft', questionCount: 0, abilities: { ...none, delete: true } },
      ])
      .fail(routes.delete, 'IN_USE_QUESTIONNAIRE');
    renderAt('/list', () => <QuestionnaireListPage />);
    await expectRows('questionnaire-row-name', ['Course feedback', 'Canteen survey']);
    expect(screen.getAllByTestId('questionnaire-row-count').map((e) => e.textContent)).toEqual(['12', '0']);
    expect(screen.getByTestId('questionnaire-status-published')).toBeTruthy();

    // The published template: unpublish and copy, never edit, publish or delete.
    const [published, draft] = screen.getAllByTestId('questionnaire-row-name').map((e) => e.closest('tr')!);
    expect(within(published!).queryByTestId('crud-row-unpublish')).toBeTruthy();
    expect(within(published!).queryByTestId('questionnaire-row-copy')).toBeTruthy();
    for (const absent of ['crud-row-edit', 'crud-row-publish', 'crud-row-delete']) expect(within(published!).queryByTestId(absent)).toBeNull();
    // The draft its abilities let go: delete only, no copy.
    expect(within(draft!).queryByTestId('questionnaire-row-copy')).toBeNull();
    fireEvent.click(within(draft!).getByTestId('crud-row-delete'));
    expect(await screen.findByText('确定要删除问卷「Canteen survey」吗？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-popconfirm-ok'));
    await waitFor(() => expect(api.last(routes.delete)).toEqual({ ids: [2] }));
    expect(await screen.findByText(ERRORS.IN_USE_QUESTIONNAIRE.text['zh-CN'])).toBeTruthy();

    await searchBy('questionnaire-filter-keyword', 'course', () => api.last(routes.list), { keyword: 'course' });
  });

  it('copies a template under the name given', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const api = fakeApi()
      .rows(routes.list, [{ id: 5, name: 'Onboarding', abilities: { ...none, copy: true } }])
      .on(routes.copy, { id: 6 });
    renderAt('/list', () => <QuestionnaireListPage />);
    fireEvent.click(await screen.findByTestId('questionnaire-row-copy'));
    const name = (await screen.findByTestId('questionnaire-copy-name')) as HTMLInputElement;
    expect(name.value).toBe('Onboarding（副本）');
    fireEvent.change(name, { target: { value: 'Onboarding 2027' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(api.last(routes.copy)).toEqual({ id: 5, name: 'Onboarding 2027' }));
  });

  it('imports a template from Excel: the check shows each bad row, then the good rows are committed; a row exports its template', async () => {
    session.set({ operateAuth: ['wjgl', 'wjgl:add'] });
    const checked = { total: 4, valid: 3, invalid: 1, imported: 0, errorFileId: 'err-1', id: null, errors: [{ row: 3, field: 'kind', reason: 'KIND_UNKNOWN' }] };
    const api = fakeApi()
      .rows(routes.list, [{ id: 5, name: 'Onboarding', abilities: none }])
      .on(routes.import, (input) => {
        const form = input.form as FormData;
        return form.get('mode') === 'commit' ? { ...checked, imported: 3, id: 9 } : checked;
      });
    renderAt('/list', () => <QuestionnaireListPage />);
    await expectRows('questionnaire-row-name', ['Onboarding']);

    fireEvent.click(screen.getByTestId('questionnaire-row-export'));
    await waitFor(() => expect(api.last(routes.export)).toEqual({ id: 5 }));

    fireEvent.click(screen.getByTestId('questionnaire-import'));
    fireEvent.click(await screen.findByTestId('questionnaire-import-template'));
    await waitFor(() => expect(api.sent(routes.template)).toHaveLength(1));
    const input = screen.getByTestId('questionnaire-import-dialog').querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'Canteen.xlsx')] } });
    fireEvent.click(await screen.findByTestId('questionnaire-import-check'));

    // The check names the row, the column (as the editor labels it) and the reason.
    const errors = await screen.findByTestId('questionnaire-import-errors');
    expect(within(errors).getByText('3')).toBeTruthy();
    expect(within(errors).getByText('题型')).toBeTruthy();
    expect(within(errors).getByText(QUESTIONNAIRE_IMPORT_REASONS.KIND_UNKNOWN['zh-CN'])).toBeTruthy();
    const first = api.last(routes.import)!.form as FormData;
    expect([first.get('mode'), (first.get('file') as File).name]).toEqual(['check', 'Canteen.xlsx']);

    fireEvent.click(screen.getByTestId('questionnaire-import-commit'));
    await screen.findByTestId('questionnaire-import-close');
    const commit = api.last(routes.import)!.form as FormData;
    expect([commit.get('mode'), commit.get('skipInvalid')]).toEqual(['commit', 'true']);
    const listed = api.sent(routes.list).length;
    fireEvent.click(screen.getByTestId('questionnaire-import-close'));
    await waitFor(() => expect(api.sent(routes.list).length).toBeGreaterThan(listed));
  });
});
