// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import CourseCenterPage from './CourseCenterPage';

describe('course center (/dashboard/course)', () => {
  it('offers a tile for each course page the caller may open, and only those, leading to the page', async () => {
    session.set({ operateAuth: ['kcgl', 'kjgl', 'kcgl:add'] });
    const view = renderAt('/list', () => <CourseCenterPage />);
    expect(await screen.findByTestId('course-center-manage-course')).toBeTruthy();
    expect(screen.getByTestId('course-center-manage-courseware')).toBeTruthy();
    expect(screen.queryByTestId('course-center-course-approval')).toBeNull();
    expect(screen.queryByTestId('course-center-manage-learn-assign')).toBeNull();
    fireEvent.click(screen.getByTestId('course-center-manage-course'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/manage-course'));
  });
});
