// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QUESTION_LIFECYCLE, questionRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import QuestionListPage from './QuestionListPage';

const actionsOf = (stem: string) => [...screen.getByText(stem).closest('tr')!.querySelectorAll('[data-testid^="crud-row-"]')].map((e) => e.getAttribute('data-testid'));

describe('question bank list', () => {
  it('shows the questions, edit and delete only where the row allows them, the reason of a refusal, and searches the stem', async () => {
    session.set({ operateAuth: ['tkgl', 'tkgl:add', 'tkgl:modify', 'tkgl:delete'] });
    const api = fakeApi().rows(questionRoutes.list, [
      { stem: 'Max load of a forklift?', status: 'refused', refuseReason: 'Unclear units', abilities: QUESTION_LIFECYCLE.abilities('refused') },
      { stem: 'First step of first aid?', status: 'pending', refuseReason: null, abilities: QUESTION_LIFECYCLE.abilities('pending') },
    ]);
    renderAt('/list', () => <QuestionListPage />);
    await expectRows('question-row-stem', ['Max load of a forklift?', 'First step of first aid?']);
    expect(actionsOf('Max load of a forklift?')).toEqual(['crud-row-edit', 'crud-row-delete']);
    expect(actionsOf('First step of first aid?')).toEqual([]);
    expect(screen.getByText('Max load of a forklift?').closest('tr')!.textContent).toContain('Unclear units');
    await searchBy('question-filter-keyword', 'forklift', () => api.last(questionRoutes.list), { keyword: 'forklift' });
  });
});
