// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXERCISE_LIFECYCLE, ExamPaperInfoSchema, exerciseRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, pickOption, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import { searchBy } from '../../../platform/kernel/testing/list';
import ExerciseListPage from './ExerciseListPage';

const all = ['lxgl', 'lxgl:add', 'lxgl:modify', 'lxgl:delete', 'lxgl:publish', 'lxgl:unpublish'];
const [draft, published] = EXERCISE_LIFECYCLE.states;

describe('exercise list', () => {
  it('shows the exercises with their source, offers edit only where the row allows it and searches by name', async () => {
    session.set({ operateAuth: all });
    const api = fakeApi().rows(exerciseRoutes.list, [
      { name: 'Forklift drill', sourceKind: 'paper', paperName: 'Forklift theory', status: draft, abilities: EXERCISE_LIFECYCLE.abilities(draft!) },
      {
        name: 'Safety bank',
        sourceKind: 'bank',
        categoryName: 'Safety',
        questionCount: 20,
        status: published,
        abilities: { ...EXERCISE_LIFECYCLE.abilities(published!), modify: false },
      },
    ]);
    renderAt('/list', () => <ExerciseListPage />);
    await waitFor(() => expect(screen.getByText('Forklift drill')).toBeTruthy());
    expect(screen.getByText('Forklift theory')).toBeTruthy();
    expect(screen.getByText('Safety × 20')).toBeTruthy();
    expect(screen.getByText('Forklift drill').closest('tr')!.querySelector('[data-testid="exercise-edit"]')).toBeTruthy();
    expect(screen.getByText('Safety bank').closest('tr')!.querySelector('[data-testid="exercise-edit"]')).toBeNull();
    await searchBy('exercise-filter-keyword', 'fork', () => api.last(exerciseRoutes.list), { keyword: 'fork' });
  });

  it('adding refuses a paper exercise without its paper, then sends the one picked', async () => {
    session.set({ operateAuth: all });
    const api = fakeApi().on(exerciseRoutes.papers, [sample(ExamPaperInfoSchema, { id: 9, name: 'Forklift theory', total: 100, usable: true })]);
    renderAt('/list', () => <ExerciseListPage />);
    fireEvent.click(await screen.findByTestId('exercise-add'));
    fireEvent.change(await screen.findByTestId('exercise-name'), { target: { value: 'Forklift drill' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(exerciseRoutes.insert)).toHaveLength(0);
    await pickOption('exercise-paper', 'Forklift theory (100)');
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(api.last(exerciseRoutes.insert)).toMatchObject({ name: 'Forklift drill', sourceKind: 'paper', paperId: 9, times: 3, timeLimit: 30 }));
  });
});
