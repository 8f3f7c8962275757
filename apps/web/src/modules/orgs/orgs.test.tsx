// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { ERRORS, orgRoutes } from '@hanlin/shared';
import OrgPage from './manage/OrgPage';

const node = (id: number, name: string, children: unknown[] = []) => sample(orgRoutes.tree.response.element, { id, name, children: children as never });

describe('organizations', () => {
  it('shows the tree, and the detail of a picked organization offers only what its abilities allow', async () => {
    session.set({ operateAuth: ['zzjg', 'zzjg:add', 'zzjg:modify', 'zzjg:delete', 'zzjg:freeze'] });
    fakeApi()
      .on(orgRoutes.tree, [node(1, 'Head office', [node(2, 'Plant A')])])
      .on(orgRoutes.get, sample(orgRoutes.get.response, { id: 2, name: 'Plant A', abilities: { modify: true, freeze: false, unfreeze: false, delete: false } }));
    renderAt('/list', () => <OrgPage />);
    fireEvent.click(await screen.findByText('Plant A'));
    expect(await screen.findByTestId('org-edit')).toBeTruthy();
    expect(screen.queryByTestId('org-freeze')).toBeNull();
    expect(screen.queryByTestId('org-delete')).toBeNull();
  });

  it('the side form refuses a blank name on its field without sending, shows a taken name on it, asks before the page is left half-filled, and once saved shows the new organization', async () => {
    session.set({ operateAuth: ['zzjg', 'zzjg:add', 'zzjg:modify'] });
    const api = fakeApi()
      .on(orgRoutes.tree, [node(1, 'Head office')])
      .fail(orgRoutes.insert, 'DUPLICATE_ORGANIZATION')
      .on(orgRoutes.get, sample(orgRoutes.get.response, { id: 7, name: 'Plant B', abilities: { modify: true, freeze: false, unfreeze: false, delete: false } }));
    const { router, search } = renderAt('/list?add=1', () => <OrgPage />);
    const name = await screen.findByTestId<HTMLInputElement>('org-form-name');
    const nameItem = name.closest('.ant-form-item')!;
    fireEvent.click(screen.getByTestId('org-form-submit'));
    await waitFor(() => expect(nameItem.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(formErrors()).toHaveLength(1);
    expect(api.last(orgRoutes.insert)).toBeUndefined();

    fireEvent.change(name, { target: { value: 'Plant B' } });
    fireEvent.click(screen.getByTestId('org-form-submit'));
    await waitFor(() => expect(api.last(orgRoutes.insert)).toMatchObject({ parentId: 1, name: 'Plant B' }));
    await waitFor(() => expect(nameItem.textContent).toContain(ERRORS.DUPLICATE_ORGANIZATION.text['zh-CN']));

    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(await screen.findByTestId('leave-confirm-cancel'));
    expect(router.state.location.pathname).toBe('/list');
    expect(name.value).toBe('Plant B');

    api.on(orgRoutes.insert, { id: 7 });
    fireEvent.click(screen.getByTestId('org-form-submit'));
    expect(await screen.findByTestId('org-edit')).toBeTruthy();
    expect(search().get('id')).toBe('7');
    expect(api.last(orgRoutes.get)).toEqual({ id: 7 });
    await act(() => router.navigate('/elsewhere'));
    await screen.findByTestId('elsewhere');
  });
});
