// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PersonReportRowSchema, courseReportRoutes } from '@hanlin/shared';
import i18next from 'i18next';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import PersonReportPage from './PersonReportPage';

describe('person report', () => {
  it('shows the person of the address, their totals and one row per course they learn', async () => {
    session.set({ operateAuth: ['bbtj'] });
    const answer = sample(courseReportRoutes.person.response, {
      records: [
        sample(PersonReportRowSchema, { courseId: 3, courseName: 'Forklift safety', credits: 2 }),
        sample(PersonReportRowSchema, { courseId: 4, courseName: 'First aid', credits: 1 }),
      ],
      total: 2,
      user: { id: 9, realname: 'Li Lei', username: 'lilei', orgName: 'Warehouse' },
      totals: { ...sample(courseReportRoutes.person.response).totals, passed: 1, credits: 3 },
    });
    const api = fakeApi().on(courseReportRoutes.person, answer);
    renderAt('/list?userId=9', () => <PersonReportPage />);
    const who = await screen.findByTestId('person-report-user');
    expect(who.textContent).toContain('Li Lei');
    expect(who.textContent).toContain('lilei');
    expect(who.textContent).toContain('Warehouse');
    await waitFor(() => expect(screen.getByText('Forklift safety')).toBeTruthy());
    expect(screen.getByText('First aid')).toBeTruthy();
    expect(api.last(courseReportRoutes.person)).toMatchObject({ userId: 9, page: 1 });
  });

  it('says not found without a person in the address', async () => {
    const api = fakeApi();
    renderAt('/list', () => <PersonReportPage />);
    expect(await screen.findByText(i18next.t('common.notFound'))).toBeTruthy();
    expect(api.sent(courseReportRoutes.person)).toHaveLength(0);
  });
});
