// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, trainPlaceRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import ListPage from './manage/TrainPlaceListPage';
import EditPage from './manage/TrainPlaceEditPage';

describe('train-places (management)', () => {
  it('lists the rows the server sends and offers edit and delete as their abilities say', async () => {
    session.set({ operateAuth: ['pxcdgl', 'pxcdgl:modify', 'pxcdgl:delete'] });
    fakeApi().rows(trainPlaceRoutes.list, [
      { name: 'First', abilities: { modify: true, delete: true } },
      { name: 'Second', abilities: { modify: true, delete: false } },
    ]);
    renderAt('/list', () => <ListPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-place-row-name').map((e) => e.textContent)).toEqual(['First', 'Second']));
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
  });

  it('the edit form loads the record, sends it with its id and shows a duplicate on the name field', async () => {
    session.set({ operateAuth: ['pxcdgl', 'pxcdgl:modify'] });
    const api = fakeApi()
      .on(trainPlaceRoutes.get, sample(trainPlaceRoutes.get.response, { id: 4, ...{ name: 'Old', contact: 'Li', city: 'Hangzhou', address: null, introduction: 'Big' } }))
      .fail(trainPlaceRoutes.update, 'DUPLICATE_TRAINING_SITE');
    renderAt('/list?id=4', () => <EditPage />);
    const box = await screen.findByTestId('train-place-name');
    // A field with a length limit shows a counter: the test id is on the wrapper around the input.
    const name = (box.tagName === 'INPUT' ? box : box.querySelector('input')!) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Old'));
    fireEvent.click(screen.getByTestId('train-place-submit'));
    await waitFor(() => expect(api.last(trainPlaceRoutes.update)).toEqual({ id: 4, ...{ name: 'Old', contact: 'Li', city: 'Hangzhou', address: null, introduction: 'Big' } }));
    const error = await screen.findByText(ERRORS.DUPLICATE_TRAINING_SITE.text['zh-CN']);
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="train-place-name"]')).toBeTruthy();
  });
});
