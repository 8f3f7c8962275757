// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { dictRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import DictListPage from './manage/DictListPage';

describe('dictionary entries', () => {
  it('lists the entries, offers per row what its abilities allow and saves an edit from the dialog', async () => {
    session.set({ operateAuth: ['zdgl', 'zdgl:modify', 'zdgl:delete'] });
    const api = fakeApi()
      .on(dictRoutes.types, [sample(dictRoutes.types.response.element, { code: 'education', name: 'Education' })])
      .rows(dictRoutes.list, [
        { type: 'education', label: 'Bachelor', value: 'bachelor', sort: 1, abilities: { modify: true, freeze: true, delete: false } },
        { type: 'education', label: 'Master', value: 'master', sort: 2, abilities: { modify: false, freeze: false, delete: true } },
      ]);
    renderAt('/list', () => <DictListPage />);
    expect(await screen.findByText('Bachelor')).toBeTruthy();
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(1);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('crud-row-edit'));
    const label = (await screen.findByTestId('dict-label')) as HTMLInputElement;
    await waitFor(() => expect(label.value).toBe('Bachelor'));
    fireEvent.change(label, { target: { value: 'Bachelor degree' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(api.last(dictRoutes.update)).toMatchObject({ type: 'education', label: 'Bachelor degree', value: 'bachelor', sort: 1 }));
  });
});
