// @vitest-environment happy-dom
/**
 * Issue 18 point 18 in the management shell with the real pages: a half-filled form survives a switch to another tab
 * and back, and an add or edit page, once saved, closes its tab instead of leaving a stray one beside the list.
 */
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { UserDetailSchema, coursewareRoutes, employeeRoutes, paperRoutes, uploadRoutes, type PaperDetail } from '@hanlin/shared';
import { Feedback } from '../../platform/components/Feedback';
import { session } from '../../platform/session';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import '../../platform/kernel/testing/render';
import { ManageTabs } from './ManageTabs';
import UserListPage from '../../modules/users/manage/UserListPage';
import UserEditPage from '../../modules/users/manage/UserEditPage';
import CoursewareListPage from '../../modules/courseware/manage/CoursewareListPage';
import CoursewareEditPage from '../../modules/courseware/manage/CoursewareEditPage';
import PaperListPage from '../../modules/papers/manage/PaperListPage';
import PaperEditPage from '../../modules/papers/manage/PaperEditPage';

/** The management shell (tabs above the page) with the given pages under `/dashboard`. */
function renderShell(url: string, pages: Record<string, ComponentType>) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        Component: () => (
          <>
            <ManageTabs />
            <Outlet />
          </>
        ),
        children: Object.entries(pages).map(([path, Component]) => ({ path, Component })),
      },
      { path: '*', Component: () => <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Feedback />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const tabTitles = () => [...document.querySelectorAll('[data-testid=manage-tabs] .hl-tab')].map((e) => e.textContent);
const openTab = (key: string) => fireEvent.click(screen.getByTestId(`tab-${key}`));
const noQuestion = () => expect(screen.queryByTestId('leave-confirm-ok')).toBeNull();
const valueOf = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

describe('management tabs with the real pages', () => {
  it('a half-filled new user survives a switch to the list tab and back; the tab reads "Add user"', async () => {
    session.set({ operateAuth: ['yhgl', 'yhgl:add', 'yhgl:modify'], history: [] });
    fakeApi();
    renderShell('/dashboard/manage-user', { 'manage-user': UserListPage, 'add-user': UserEditPage });
    fireEvent.click(await screen.findByTestId('crud-add'));
    fireEvent.change(await screen.findByTestId('user-realname'), { target: { value: 'Half typed' } });
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理', '新增用户']));

    openTab('manage-user');
    await screen.findByTestId('user-page');
    noQuestion();
    openTab('add-user');
    await waitFor(() => expect(valueOf('user-realname')).toBe('Half typed'));
    noQuestion();
  });

  it('an edited user, once saved, goes back to the list and its "Edit user" tab closes', async () => {
    session.set({ operateAuth: ['yhgl', 'yhgl:add', 'yhgl:modify'], history: [] });
    const api = fakeApi().on(employeeRoutes.get, sample(UserDetailSchema, { id: 7, username: 'lilei', realname: 'Li Lei', cardNumber: 'E0007', orgId: 1 }));
    const router = renderShell('/dashboard/manage-user', { 'manage-user': UserListPage, 'add-user': UserEditPage });
    await screen.findByTestId('user-page');
    await router.navigate('/dashboard/add-user?id=7');
    await waitFor(() => expect(valueOf('user-realname')).toBe('Li Lei'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理', '编辑用户']));
    fireEvent.change(screen.getByTestId('user-realname'), { target: { value: 'Li Lei (sales)' } });
    fireEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(api.last(employeeRoutes.update)).toMatchObject({ id: 7, realname: 'Li Lei (sales)' }));
    await screen.findByTestId('user-page');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']));
    noQuestion();
  });

  it('a courseware file uploaded on the add page is still there after a switch to the list tab and back', async () => {
    session.set({ operateAuth: ['kjgl', 'kjgl:add', 'kjgl:modify'], history: [] });
    const api = fakeApi()
      .on(uploadRoutes.file, { id: 'f1', url: '/api/upload/file/f1', name: 'Ladder safety.pdf', size: 1000, mime: 'application/pdf' })
      .on(coursewareRoutes.insert, { id: 5 });
    renderShell('/dashboard/manage-courseware', { 'manage-courseware': CoursewareListPage, 'add-courseware': CoursewareEditPage });
    fireEvent.click(await screen.findByTestId('crud-add'));
    await screen.findByTestId('courseware-file');
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    fireEvent.change(input ?? document.body, { target: { files: [new File(['%PDF-1.4'], 'Ladder safety.pdf', { type: 'application/pdf' })] } });
    await screen.findByTestId('courseware-file-name');
    fireEvent.change(screen.getByTestId('courseware-name'), { target: { value: 'Ladder safety' } });

    openTab('manage-courseware');
    await screen.findByTestId('courseware-page');
    noQuestion();
    openTab('add-courseware');
    await waitFor(() => expect(valueOf('courseware-name')).toBe('Ladder safety'));
    expect(screen.getByTestId('courseware-file-name').textContent).toContain('Ladder safety.pdf');
    expect(screen.getByTestId('courseware-picked-type').textContent).toContain('文档');

    fireEvent.click(screen.getByTestId('courseware-submit'));
    await waitFor(() => expect(api.last(coursewareRoutes.insert)).toMatchObject({ name: 'Ladder safety', type: 'general', file: '/api/upload/file/f1' }));
    await screen.findByTestId('courseware-page');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '课件管理']));
  });

  it('the hand-picked questions of a paper being edited keep their new scores through a switch to the list tab and back', async () => {
    session.set({ operateAuth: ['sjgl', 'sjgl:add', 'sjgl:modify'], history: [] });
    const paper: PaperDetail = {
      id: 7,
      name: 'Safety basics',
      kind: 'fixed',
      total: 5,
      questionCount: 1,
      hasSubjective: false,
      orgName: null,
      creatorName: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      abilities: { modify: true, delete: true },
      items: [{ questionId: 11, score: 5, type: 'judgment', stem: '<p>Helmets are required</p>', difficulty: 'easy' }],
      rules: [],
    };
    const api = fakeApi().on(paperRoutes.get, paper);
    const router = renderShell('/dashboard/manage-test-paper', { 'manage-test-paper': PaperListPage, 'add-paper': PaperEditPage });
    await screen.findByTestId('crud-add');
    await router.navigate('/dashboard/add-paper?id=7');
    await screen.findByText('Helmets are required');
    fireEvent.change(screen.getByTestId('paper-item-score'), { target: { value: '2.5' } });
    await waitFor(() => expect(screen.getByTestId('paper-total').textContent).toContain('2.5'));

    openTab('manage-test-paper');
    await screen.findByTestId('crud-add');
    noQuestion();
    openTab('add-paper');
    await screen.findByText('Helmets are required');
    await waitFor(() => expect(screen.getByTestId('paper-total').textContent).toContain('2.5'));
    expect(valueOf('paper-item-score')).toBe('2.5');

    fireEvent.click(screen.getByTestId('paper-save'));
    await waitFor(() => expect(api.last(paperRoutes.update)).toMatchObject({ id: 7, items: [{ questionId: 11, score: 2.5 }] }));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '试卷管理']));
  });
});
