// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXAM_LIFECYCLE, examRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import ExamListPage from './ExamListPage';

/** The row actions a row offers, those under "more" included. */
async function actionsOf(name: string) {
  const row = screen.getByText(name).closest('tr')!;
  const ids = [...row.querySelectorAll('[data-testid^="crud-row-"]')].map((e) => e.getAttribute('data-testid'));
  const more = row.querySelector('[data-testid="crud-row-more"]');
  if (!more) return ids;
  fireEvent.mouseEnter(more);
  fireEvent.click(more);
  await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeTruthy());
  const open = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')!;
  return [...ids.filter((id) => id !== 'crud-row-more'), ...[...open.querySelectorAll('[data-testid^="crud-row-"]')].map((e) => e.getAttribute('data-testid'))];
}

describe('exam list', () => {
  it('shows the exams the server sends, searches by name and offers per row only what its abilities allow', async () => {
    session.set({ operateAuth: ['ksgl', 'ksgl:add', 'ksgl:modify', 'ksgl:delete', 'ksgl:publish', 'ksgl:unpublish'] });
    const api = fakeApi().rows(examRoutes.list, [
      { name: 'Forklift exam', status: 'draft', total: 100, abilities: EXAM_LIFECYCLE.abilities('draft') },
      { name: 'Safety exam', status: 'ended', total: 60, abilities: EXAM_LIFECYCLE.abilities('ended') },
    ]);
    renderAt('/list', () => <ExamListPage />);
    await expectRows('exam-row-name', ['Forklift exam', 'Safety exam']);
    const draft = await actionsOf('Forklift exam');
    expect(draft).toEqual(expect.arrayContaining(['crud-row-edit', 'crud-row-publish', 'crud-row-delete']));
    expect(draft).not.toContain('crud-row-unpublish');
    const ended = await actionsOf('Safety exam');
    expect(ended).not.toContain('crud-row-edit');
    expect(ended).not.toContain('crud-row-publish');
    expect(ended).not.toContain('crud-row-delete');
    await searchBy('exam-filter-keyword', 'fork', () => api.last(examRoutes.list), { keyword: 'fork' });
  });
});
