// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, institutionRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import ListPage from './manage/InstitutionListPage';
import EditPage from './manage/InstitutionEditPage';

describe('institutions (management)', () => {
  it('lists the rows the server sends and offers edit and delete as their abilities say', async () => {
    session.set({ operateAuth: ['pxjggl', 'pxjggl:modify', 'pxjggl:delete'] });
    fakeApi().rows(institutionRoutes.list, [
      { name: 'First', abilities: { modify: true, delete: true } },
      { name: 'Second', abilities: { modify: true, delete: false } },
    ]);
    renderAt('/list', () => <ListPage />);
    await waitFor(() => expect(screen.getAllByTestId('institution-row-name').map((e) => e.textContent)).toEqual(['First', 'Second']));
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
  });

  it('the edit form loads the record, sends it with its id and shows a duplicate on the name field', async () => {
    session.set({ operateAuth: ['pxjggl', 'pxjggl:modify'] });
    const api = fakeApi()
      .on(
        institutionRoutes.get,
        sample(institutionRoutes.get.response, {
          id: 4,
          ...{ name: 'Old', phone: '010-1', contact: 'Li', contactPhone: null, address: 'Road 1', direction: 'IT', qualification: null, profile: 'P' },
        }),
      )
      .fail(institutionRoutes.update, 'DUPLICATE_TRAINING_ORGANIZATION');
    renderAt('/list?id=4', () => <EditPage />);
    const box = await screen.findByTestId('institution-name');
    // A field with a length limit shows a counter: the test id is on the wrapper around the input.
    const name = (box.tagName === 'INPUT' ? box : box.querySelector('input')!) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Old'));
    fireEvent.click(screen.getByTestId('institution-submit'));
    await waitFor(() =>
      expect(api.last(institutionRoutes.update)).toEqual({
        id: 4,
        ...{ name: 'Old', phone: '010-1', contact: 'Li', contactPhone: null, address: 'Road 1', direction: 'IT', qualification: null, profile: 'P' },
      }),
    );
    const error = await screen.findByText(ERRORS.DUPLICATE_TRAINING_ORGANIZATION.text['zh-CN']);
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="institution-name"]')).toBeTruthy();
  });
});
