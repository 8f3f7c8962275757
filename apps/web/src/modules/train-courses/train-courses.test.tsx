// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, trainCourseRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import ListPage from './manage/TrainCourseListPage';
import EditPage from './manage/TrainCourseEditPage';
import { TrainCoursePicker } from './index';

const ALL = ['pxkcgl', 'pxkcgl:add', 'pxkcgl:modify', 'pxkcgl:delete', 'pxkcgl:export'];
const both = (enable: boolean, del: boolean) => ({ modify: true, delete: del, enable, disable: !enable });

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

describe('face-to-face courses (management list)', () => {
  it('lists the rows the server sends, offers what their abilities allow, searches and exports with the filters', async () => {
    session.set({ operateAuth: ALL });
    const api = fakeApi().rows(trainCourseRoutes.list, [
      { name: 'Coaching', hours: 7.5, lecturers: [{ id: 1, name: 'Ann' }], status: 'enabled', abilities: both(false, true) },
      { name: 'Negotiation', hours: 3, status: 'disabled', abilities: both(true, false) },
    ]);
    renderAt('/list', () => <ListPage />);
    await expectRows('train-course-row-name', ['Coaching', 'Negotiation']);
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(2);
    // The first row may be disabled and deleted, the second enabled but not deleted.
    expect(await actionsOf('Coaching')).toEqual(['crud-row-edit', 'crud-row-disable', 'crud-row-delete']);
    await searchBy('train-course-filter-keyword', 'coach', () => api.last(trainCourseRoutes.list), { keyword: 'coach' });
    fireEvent.click(screen.getByTestId('crud-batch-export'));
    await waitFor(() => expect(api.last(trainCourseRoutes.export)).toMatchObject({ keyword: 'coach', lang: 'zh-CN' }));
    expect(api.last(trainCourseRoutes.export)).not.toHaveProperty('page');
  });

  it('offers no export without pxkcgl:export', async () => {
    session.set({ operateAuth: ['pxkcgl'] });
    fakeApi().rows(trainCourseRoutes.list, [{ name: 'Coaching', abilities: { modify: false, delete: false, enable: false, disable: true } }]);
    renderAt('/list', () => <ListPage />);
    await expectRows('train-course-row-name', ['Coaching']);
    expect(screen.queryByTestId('crud-batch-export')).toBeNull();
    expect(screen.queryByTestId('crud-row-edit')).toBeNull();
  });
});

describe('face-to-face course form', () => {
  it('refuses a course without a name or hours and sends nothing', async () => {
    session.set({ operateAuth: ALL });
    const api = fakeApi();
    renderAt('/list', () => <EditPage />);
    fireEvent.click(await screen.findByTestId('train-course-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThanOrEqual(2));
    expect(api.sent(trainCourseRoutes.insert)).toHaveLength(0);
  });

  it('loads a course, sends it back with its lecturers and attachments, and shows a duplicate name on the name field', async () => {
    session.set({ operateAuth: ALL });
    const course = sample(trainCourseRoutes.get.response, {
      id: 4,
      name: 'Coaching',
      hours: 7.5,
      lecturers: [{ id: 9, name: 'Ann' }],
      audience: 'Team leaders',
      attachments: [{ ref: '/api/upload/file/abc', name: 'outline.pdf', size: 10 }],
      cover: null,
    });
    const api = fakeApi().on(trainCourseRoutes.get, course).fail(trainCourseRoutes.update, 'DUPLICATE_FACE_COURSE', 'name');
    renderAt('/list?id=4', () => <EditPage />);
    const box = await screen.findByTestId('train-course-name');
    const name = (box.tagName === 'INPUT' ? box : box.querySelector('input')!) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Coaching'));
    expect(screen.getByText('outline.pdf')).toBeTruthy();
    fireEvent.click(screen.getByTestId('train-course-submit'));
    await waitFor(() =>
      expect(api.last(trainCourseRoutes.update)).toMatchObject({
        id: 4,
        name: 'Coaching',
        hours: 7.5,
        lecturerIds: [9],
        audience: 'Team leaders',
        attachments: ['/api/upload/file/abc'],
      }),
    );
    const error = await screen.findByText(ERRORS.DUPLICATE_FACE_COURSE.text['zh-CN']);
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="train-course-name"]')).toBeTruthy();
  });
});

describe('TrainCoursePicker', () => {
  it('names a course chosen earlier though the search no longer offers it (disabled)', async () => {
    const api = fakeApi().on(trainCourseRoutes.options, (input) =>
      input.ids ? [{ id: 5, name: 'Old course', hours: 2, status: 'disabled' as const }] : [{ id: 6, name: 'Coaching', hours: 7.5, status: 'enabled' as const }],
    );
    renderAt('/list', () => <TrainCoursePicker value={5} testId="picker" />);
    await waitFor(() => expect(screen.getByTestId('picker').textContent).toContain('Old course'));
    expect(api.sent(trainCourseRoutes.options).some((s) => Array.isArray(s.ids) && s.ids[0] === 5)).toBe(true);
  });
});
