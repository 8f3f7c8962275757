// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, learningGroupRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import LearningGroupEditPage from './LearningGroupEditPage';

const codes = ['xxqz', 'xxqz:add', 'xxqz:modify'];

describe('learning group form', () => {
  it('refuses a name too long, then creates the group and goes on to its members', async () => {
    session.set({ operateAuth: codes });
    const api = fakeApi().on(learningGroupRoutes.insert, { id: 41 });
    const { router } = renderAt('/list', () => <LearningGroupEditPage />);
    const name = await screen.findByTestId('learning-groups-name');
    fireEvent.change(name, { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByTestId('learning-groups-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(learningGroupRoutes.insert)).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByTestId('learning-groups-submit'));
    await waitFor(() => expect(api.last(learningGroupRoutes.insert)).toMatchObject({ name: 'Night shift', kind: 'formal' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/add-legroup?id=41'));
  });

  it('shows a name already taken on the name field', async () => {
    session.set({ operateAuth: codes });
    const group = sample(learningGroupRoutes.get.response, { id: 5, name: 'Day shift', kind: 'formal', description: null });
    const api = fakeApi().on(learningGroupRoutes.get, group).fail(learningGroupRoutes.update, 'DUPLICATE_LEARNING_GROUP', 'name');
    renderAt('/list?id=5', () => <LearningGroupEditPage />);
    const name = (await screen.findByTestId('learning-groups-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Day shift'));
    fireEvent.change(name, { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByTestId('learning-groups-submit'));
    await waitFor(() => expect(api.last(learningGroupRoutes.update)).toMatchObject({ id: 5, name: 'Night shift', description: null }));
    await waitFor(() => expect(formErrors()).toContain(ERRORS.DUPLICATE_LEARNING_GROUP.text['zh-CN']));
  });
});
