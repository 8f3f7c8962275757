// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MistakeRowSchema, MistakeSourceRowSchema, mistakeRoutes } from '@hanlin/shared';
import { pickOption, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import MistakesPage from './MistakesPage';

const mistake = (id: number, stem: string, sourceName: string) => {
  const m = sample(MistakeRowSchema, { id, sourceKind: 'exam', sourceId: 6, sourceName, key: null });
  return { ...m, question: { ...m.question, stem } };
};

describe('my mistake set', () => {
  it('lists my wrong questions with their source, filters by source and removes one after confirmation', async () => {
    const api = fakeApi()
      .rows(mistakeRoutes.list, [mistake(1, 'Max load of a forklift?', 'Forklift exam'), mistake(2, 'First step of first aid?', 'Forklift exam')])
      .on(mistakeRoutes.sources, [sample(MistakeSourceRowSchema, { sourceKind: 'exam', sourceId: 6, sourceName: 'Forklift exam', count: 2 })]);
    renderAt('/list', () => <MistakesPage />);
    await waitFor(() => expect(screen.getAllByTestId('mistake-item')).toHaveLength(2));
    const [first] = screen.getAllByTestId('mistake-item');
    expect(first!.textContent).toContain('Max load of a forklift?');
    expect(first!.textContent).toContain('Forklift exam');
    await pickOption('mistake-source', `${i18next.t('mistake.source_exam')} · Forklift exam (2)`);
    await waitFor(() => expect(api.last(mistakeRoutes.list)).toMatchObject({ sourceKind: 'exam', sourceId: 6, page: 1 }));
    fireEvent.click((await screen.findAllByTestId('mistake-remove'))[1]!);
    expect(api.sent(mistakeRoutes.remove)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('mistake-remove-ok'));
    await waitFor(() => expect(api.last(mistakeRoutes.remove)).toEqual({ ids: [2] }));
  });

  it('says so when the set is empty', async () => {
    fakeApi().rows(mistakeRoutes.list, []);
    renderAt('/list', () => <MistakesPage />);
    expect(await screen.findByText(i18next.t('mistake.none'))).toBeTruthy();
  });
});
