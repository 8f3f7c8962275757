// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { lecturerRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import i18next from 'i18next';
import { pickOption, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import LecturerListPage from './manage/LecturerListPage';
import LecturerEditPage from './manage/LecturerEditPage';
import LecturerViewPage from './manage/LecturerViewPage';

const lecturer = sample(lecturerRoutes.get.response, { id: 12, realname: 'Li Lei', username: 'lilei01', kind: 'external', orgId: 3, unit: 'Fire brigade', feeFen: 150000 });

describe('lecturers', () => {
  it('the list shows the lecturers and a search by keyword asks the server', async () => {
    session.set({ operateAuth: ['jsgl', 'jsgl:modify'] });
    const api = fakeApi().rows(lecturerRoutes.list, [{ realname: 'Li Lei' }, { realname: 'Han Meimei' }]);
    renderAt('/list', () => <LecturerListPage />);
    await waitFor(() => expect(screen.getAllByTestId('lecturer-row-name').map((e) => e.textContent)).toEqual(['Li Lei', 'Han Meimei']));
    fireEvent.change(screen.getByTestId('lecturer-filter-keyword'), { target: { value: 'li' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(lecturerRoutes.list)).toMatchObject({ keyword: 'li' }));
  });

  it('the view page shows the lecturer, with the fee in yuan, and an edit button only with the modify code', async () => {
    session.set({ operateAuth: ['jsgl'] });
    fakeApi().on(lecturerRoutes.get, lecturer);
    renderAt('/list?id=12', () => <LecturerViewPage />);
    expect(await screen.findByText('Fire brigade')).toBeTruthy();
    expect(screen.getByTestId('lecturer-view-page').textContent).toContain('1500');
    expect(screen.queryByTestId('lecturer-view-edit')).toBeNull();
  });

  it('the edit form of an outside lecturer sends the changed unit', async () => {
    session.set({ operateAuth: ['jsgl', 'jsgl:modify'] });
    const api = fakeApi().on(lecturerRoutes.get, lecturer);
    renderAt('/list?id=12', () => <LecturerEditPage />);
    const unit = (await screen.findByTestId('lecturer-unit')) as HTMLInputElement;
    await waitFor(() => expect(unit.value).toBe('Fire brigade'));
    fireEvent.change(unit, { target: { value: 'City fire brigade' } });
    fireEvent.click(screen.getByTestId('lecturer-submit'));
    await waitFor(() => expect(api.last(lecturerRoutes.update)).toMatchObject({ id: 12, realname: 'Li Lei', unit: 'City fire brigade' }));
  });

  it('a new lecturer keeps what was typed when the kind changes', async () => {
    session.set({ operateAuth: ['jsgl', 'jsgl:add'] });
    fakeApi();
    renderAt('/list', () => <LecturerEditPage />);
    fireEvent.change(await screen.findByTestId('lecturer-unit'), { target: { value: 'Fire brigade' } });
    await pickOption('lecturer-kind', i18next.t('lecturer.kind_external'));
    await waitFor(() => expect(screen.queryByTestId('lecturer-user')).toBeNull());
    expect((screen.getByTestId('lecturer-unit') as HTMLInputElement).value).toBe('Fire brigade');
  });
});
