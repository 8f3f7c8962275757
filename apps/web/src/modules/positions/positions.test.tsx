// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, positionRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import PositionListPage from './manage/PositionListPage';
import PositionEditPage from './manage/PositionEditPage';

describe('positions', () => {
  it('the list shows the positions the server sends and searches by name', async () => {
    session.set({ operateAuth: ['gwgl', 'gwgl:modify', 'gwgl:delete'] });
    const api = fakeApi().rows(positionRoutes.list, [{ name: 'Welder' }, { name: 'Driver' }]);
    renderAt('/list', () => <PositionListPage />);
    await waitFor(() => expect(screen.getAllByTestId('position-row-name').map((e) => e.textContent)).toEqual(['Welder', 'Driver']));
    fireEvent.change(screen.getByTestId('position-filter-keyword'), { target: { value: 'weld' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(positionRoutes.list)).toMatchObject({ keyword: 'weld', page: 1 }));
  });

  it('the edit form sends the changed name and shows a duplicate on the name field', async () => {
    session.set({ operateAuth: ['gwgl', 'gwgl:modify'] });
    const api = fakeApi()
      .on(positionRoutes.get, sample(positionRoutes.get.response, { id: 6, name: 'Welder', sort: 1, description: 'Hot work' }))
      .fail(positionRoutes.update, 'DUPLICATE_POSITION');
    renderAt('/list?id=6', () => <PositionEditPage />);
    const name = (await screen.findByTestId('positions-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Welder'));
    fireEvent.change(name, { target: { value: 'Driver' } });
    fireEvent.click(screen.getByTestId('positions-submit'));
    await waitFor(() => expect(api.last(positionRoutes.update)).toMatchObject({ id: 6, name: 'Driver', sort: 1, description: 'Hot work', labelIds: [] }));
    const error = await screen.findByText(ERRORS.DUPLICATE_POSITION.text['zh-CN']);
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="positions-name"]')).toBeTruthy();
  });
});
