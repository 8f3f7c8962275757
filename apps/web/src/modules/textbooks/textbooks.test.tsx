// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { textbookRoutes } from '@hanlin/shared';
import TextbookListPage from './manage/TextbookListPage';
import MyTextbooksPage from './portal/MyTextbooksPage';

describe('textbooks', () => {
  it('the management list shows the textbooks and searches by name', async () => {
    session.set({ operateAuth: ['szjc', 'szjc:modify'] });
    const api = fakeApi().rows(textbookRoutes.list, [{ name: 'Electrical safety' }, { name: 'First aid' }]);
    renderAt('/list', () => <TextbookListPage />);
    await expectRows('textbook-row-name', ['Electrical safety', 'First aid']);
    await searchBy('textbook-filter-keyword', 'aid', () => api.last(textbookRoutes.list), { keyword: 'aid' });
  });

  it('my textbooks shows the shelf of the caller and searches it', async () => {
    const api = fakeApi().rows(textbookRoutes.shelf, [{ id: 4, name: 'First aid' }]);
    renderAt('/list', () => <MyTextbooksPage />);
    expect((await screen.findByTestId('textbook-card-name')).textContent).toBe('First aid');
    expect(screen.getByTestId('textbook-card').getAttribute('href')).toBe('/portal/textbook/4');
    expect(api.last(textbookRoutes.shelf)).toMatchObject({ mine: true, page: 1 });
    const box = screen.getByTestId('textbook-shelf-search');
    const search = box instanceof HTMLInputElement ? box : box.querySelector('input')!;
    fireEvent.change(search, { target: { value: 'aid' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.last(textbookRoutes.shelf)).toMatchObject({ mine: true, keyword: 'aid' }));
  });
});
