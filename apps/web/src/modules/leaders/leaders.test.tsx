// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, leaderRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import LeaderListPage from './manage/LeaderListPage';
import LeaderEditPage from './manage/LeaderEditPage';
import LeaderCenterPage from './manage/LeaderCenterPage';

describe('training leaders', () => {
  it('the list shows the organizations each leader leads and filters by keyword', async () => {
    session.set({ operateAuth: ['pxld', 'pxld:modify', 'pxld:delete'] });
    const api = fakeApi().rows(leaderRoutes.list, [
      {
        realname: 'Ann',
        orgs: [
          { id: 1, name: 'Sales' },
          { id: 2, name: 'R&D' },
        ],
        abilities: { modify: true, delete: true },
      },
      { realname: 'Bob', orgs: [{ id: 3, name: 'HR' }], abilities: { modify: false, delete: false } },
    ]);
    renderAt('/list', () => <LeaderListPage />);
    await waitFor(() => expect(screen.getAllByTestId('leader-row-name').map((e) => e.textContent)).toEqual(['Ann', 'Bob']));
    expect(screen.getAllByTestId('leader-row-orgs').map((e) => e.textContent)).toEqual(['Sales、R&D', 'HR']);
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('leader-filter-keyword'), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(leaderRoutes.list)).toMatchObject({ keyword: 'Ann', page: 1 }));
  });

  it('the edit form loads the leader and sends the title and the organizations; a refusal lands on its field', async () => {
    session.set({ operateAuth: ['pxld', 'pxld:modify'] });
    const row = sample(leaderRoutes.get.response, { id: 4, userId: 7, realname: 'Ann', username: 'ann', title: 'Director', orgs: [{ id: 1, name: 'Sales' }] });
    const api = fakeApi().on(leaderRoutes.get, row).fail(leaderRoutes.update, 'DUPLICATE_DATA', 'userId');
    renderAt('/list?id=4', () => <LeaderEditPage />);
    const title = (await screen.findByTestId('leader-title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Director'));
    fireEvent.change(title, { target: { value: 'Coach' } });
    fireEvent.click(screen.getByTestId('leader-submit'));
    await waitFor(() => expect(api.last(leaderRoutes.update)).toMatchObject({ id: 4, userId: 7, title: 'Coach', orgIds: [1] }));
    expect(await screen.findByText(ERRORS.DUPLICATE_DATA.text['zh-CN'])).toBeTruthy();
  });

  it('the plan center shows totals per organization in yuan and the plans; another year is asked for', async () => {
    session.set({ operateAuth: [] });
    const api = fakeApi().on(leaderRoutes.center, {
      year: 2040,
      isLeader: true,
      title: 'Head',
      orgs: [{ id: 1, name: 'Sales', annual: { count: 1, budget: 10_005, sessions: 3 }, adHoc: { count: 2, budget: 1_400, sessions: 4 } }],
      annualPlans: [{ id: 5, name: 'Sales 2040', orgName: 'Sales', year: 2040, type: 'annual', state: 'approved', totalBudget: 10_005, totalSessions: 3 }],
      trainPlans: [
        { id: 6, name: 'Fire drill', orgName: 'Sales', startDate: '2040-06-01', endDate: '2040-06-02', state: 'underReview', totalBudget: 700, sessions: 2, trainees: 9 },
      ],
    });
    renderAt('/list', () => <LeaderCenterPage />);
    await waitFor(() => expect(screen.getByTestId('leader-center-annual-budget').textContent).toBe('100.05'));
    expect(screen.getByTestId('leader-center-adhoc-budget').textContent).toBe('14.00');
    expect(screen.getAllByTestId('leader-center-annual-name').map((e) => e.textContent)).toEqual(['Sales 2040']);
    expect(screen.getAllByTestId('leader-center-adhoc-name').map((e) => e.textContent)).toEqual(['Fire drill']);
    fireEvent.change(screen.getByTestId('leader-center-year'), { target: { value: '2041' } });
    await waitFor(() => expect(api.last(leaderRoutes.center)).toEqual({ year: 2041 }));
  });

  it('the plan center tells a user who leads nothing', async () => {
    session.set({ operateAuth: [] });
    fakeApi().on(leaderRoutes.center, { year: 2040, isLeader: false, title: '', orgs: [], annualPlans: [], trainPlans: [] });
    renderAt('/list', () => <LeaderCenterPage />);
    expect(await screen.findByTestId('leader-center-none')).toBeTruthy();
  });
});
