// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import { paperRoutes } from '@hanlin/shared';
import PaperListPage from './PaperListPage';

describe('paper list', () => {
  it('shows the papers with their total score and searches by name', async () => {
    session.set({ operateAuth: ['sjgl', 'sjgl:modify'] });
    const api = fakeApi().rows(paperRoutes.list, [
      { name: 'Forklift theory', total: 100 },
      { name: 'First aid', total: 50 },
    ]);
    renderAt('/list', () => <PaperListPage />);
    await expectRows('paper-row-name', ['Forklift theory', 'First aid']);
    expect(screen.getAllByTestId('paper-row-total').map((e) => e.textContent)).toEqual(['100', '50']);
    await searchBy('paper-filter-keyword', 'fork', () => api.last(paperRoutes.list), { keyword: 'fork' });
  });
});
