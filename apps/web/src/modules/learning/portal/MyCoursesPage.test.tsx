// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { learningRoutes } from '@hanlin/shared';
import MyCoursesPage from './MyCoursesPage';

describe('my courses', () => {
  it('shows the courses being learned and leads to one', async () => {
    const api = fakeApi().rows(learningRoutes.my, [{ id: 8, name: 'Fire safety', learner: { status: 'learning' } }]);
    const view = renderAt('/list', () => <MyCoursesPage />);
    expect((await screen.findByTestId('my-course-item')).textContent).toContain('Fire safety');
    expect(api.last(learningRoutes.my)).toMatchObject({ status: 'learning' });
    fireEvent.click(screen.getByTestId('my-course-continue'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/portal/courses/8'));
  });

  it('the passed tab asks the server for passed courses', async () => {
    const api = fakeApi();
    renderAt('/list', () => <MyCoursesPage />);
    fireEvent.click(await screen.findByTestId('my-courses-tab-passed'));
    await waitFor(() => expect(api.last(learningRoutes.my)).toMatchObject({ status: 'passed' }));
  });
});
