// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { professionalRoutes } from '@hanlin/shared';
import ProfessionalTreePage from './manage/ProfessionalTreePage';

describe('professional tree', () => {
  it('shows the tree the server sends and adds a top-level professional by name', async () => {
    session.set({ operateAuth: ['zygl', 'zygl:add'] });
    const node = (name: string, children: unknown[] = []) => sample(professionalRoutes.tree.response.element, { name, children: children as never });
    const api = fakeApi().on(professionalRoutes.tree, [node('Engineering', [node('Welding')])]);
    renderAt('/list', () => <ProfessionalTreePage />);
    expect(await screen.findByText('Welding')).toBeTruthy();
    fireEvent.click(screen.getByTestId('professionals-add-root'));
    fireEvent.change(await screen.findByTestId('professionals-name'), { target: { value: 'Logistics' } });
    fireEvent.click(screen.getByTestId('professionals-submit'));
    await waitFor(() => expect(api.last(professionalRoutes.insert)).toMatchObject({ name: 'Logistics', parentId: null }));
  });
});
