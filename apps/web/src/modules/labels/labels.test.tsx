// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { labelRoutes } from '@hanlin/shared';
import LabelCoursePage from './manage/LabelCoursePage';

describe('labels', () => {
  it('asks for the categories of its kind and shows the labels of the category picked', async () => {
    session.set({ operateAuth: ['bqgl', 'bqgl:modify'] });
    const api = fakeApi()
      .rows(labelRoutes.listCategories, [{ id: 3, name: 'Skills', kind: 'course' }])
      .rows(labelRoutes.list, [{ name: 'Welding' }, { name: 'Driving' }]);
    renderAt('/list', () => <LabelCoursePage />);
    fireEvent.click(await screen.findByText('Skills'));
    await expectRows('labels-row-name', ['Welding', 'Driving']);
    expect(api.last(labelRoutes.listCategories)).toMatchObject({ kind: 'course' });
    expect(api.last(labelRoutes.list)).toMatchObject({ categoryId: 3 });
    await searchBy('labels-filter-keyword', 'weld', () => api.last(labelRoutes.list), { keyword: 'weld', categoryId: 3 });
  });
});
