// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { orgRoutes } from '@hanlin/shared';
import OrgPage from './manage/OrgPage';

describe('organizations', () => {
  it('shows the tree, and the detail of a picked organization offers only what its abilities allow', async () => {
    session.set({ operateAuth: ['zzjg', 'zzjg:add', 'zzjg:modify', 'zzjg:delete', 'zzjg:freeze'] });
    const node = (id: number, name: string, children: unknown[] = []) => sample(orgRoutes.tree.response.element, { id, name, children: children as never });
    fakeApi()
      .on(orgRoutes.tree, [node(1, 'Head office', [node(2, 'Plant A')])])
      .on(orgRoutes.get, sample(orgRoutes.get.response, { id: 2, name: 'Plant A', abilities: { modify: true, freeze: false, unfreeze: false, delete: false } }));
    renderAt('/list', () => <OrgPage />);
    fireEvent.click(await screen.findByText('Plant A'));
    expect(await screen.findByTestId('org-edit')).toBeTruthy();
    expect(screen.queryByTestId('org-freeze')).toBeNull();
    expect(screen.queryByTestId('org-delete')).toBeNull();
  });
});
