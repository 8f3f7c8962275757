// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { searchBy } from '../../platform/kernel/testing/list';
import { courseReportRoutes } from '@hanlin/shared';
import CourseReportPage from './manage/CourseReportPage';

describe('course report', () => {
  it('shows each course with its pass rate, filters by keyword and leads to the course', async () => {
    session.set({ operateAuth: ['kctj'] });
    const api = fakeApi().rows(courseReportRoutes.course, [{ courseId: 5, name: 'Fire safety', learners: 40, passed: 30, passRate: 75 }]);
    const view = renderAt('/list', () => <CourseReportPage />);
    expect((await screen.findByTestId('course-report-link')).textContent).toBe('Fire safety');
    expect(screen.getByText('75%')).toBeTruthy();
    await searchBy('course-report-keyword', 'fire', () => api.last(courseReportRoutes.course), { keyword: 'fire' });
    fireEvent.click(screen.getByTestId('course-report-link'));
    await waitFor(() => expect(view.router.state.location.search).toBe('?courseId=5'));
  });

  it("the organization filter is the first filter of the report card's own filter row, beside the keyword and search", async () => {
    session.set({ operateAuth: ['kctj'] });
    fakeApi().rows(courseReportRoutes.course, []);
    renderAt('/list', () => <CourseReportPage />);
    const org = await screen.findByTestId('course-report-org');
    const row = screen.getByTestId('course-report-keyword').closest('form')!;
    expect(row.contains(org)).toBe(true);
    expect(row.contains(screen.getByTestId('crud-search'))).toBe(true);
    const fields = [...row.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    expect(fields.indexOf('course-report-org')).toBeLessThan(fields.indexOf('course-report-keyword'));
    expect(screen.getByTestId('course-report').contains(row)).toBe(true);
  });
});
