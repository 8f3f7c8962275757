// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { practiceRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import MyPracticePage from './MyPracticePage';

describe('my practice', () => {
  it('lists the exercises open to me: start, resume an ongoing session, none left once the times are used', async () => {
    const api = fakeApi()
      .rows(practiceRoutes.my, [
        { id: 1, name: 'Forklift drill', times: 3, used: 1, ongoingSessionId: null },
        { id: 2, name: 'Safety bank', times: 2, used: 1, ongoingSessionId: 77 },
        { id: 3, name: 'First aid drill', times: 2, used: 2, ongoingSessionId: null },
      ])
      .on(practiceRoutes.start, sample(practiceRoutes.start.response, { sessionId: 88 }));
    const { search } = renderAt('/list', () => <MyPracticePage />);
    await waitFor(() => expect(screen.getAllByTestId('my-exercise-item')).toHaveLength(3));
    const [startable, ongoing, usedUp] = screen.getAllByTestId('my-exercise-item');
    expect(within(ongoing!).getByTestId('practice-resume')).toBeTruthy();
    expect(within(ongoing!).queryByTestId('practice-start')).toBeNull();
    const spent = within(usedUp!).getByTestId('practice-start');
    expect(spent.hasAttribute('disabled')).toBe(true);
    expect(spent.textContent?.replace(/\s/g, '')).toBe(i18next.t('practice.usedUp').replace(/\s/g, ''));
    fireEvent.click(within(startable!).getByTestId('practice-start'));
    await waitFor(() => expect(api.last(practiceRoutes.start)).toEqual({ exerciseId: 1 }));
    await waitFor(() => expect(search().get('session')).toBe('88'));
  });

  it('says so when no exercise is open to me', async () => {
    fakeApi().rows(practiceRoutes.my, []);
    renderAt('/list', () => <MyPracticePage />);
    expect(await screen.findByText(i18next.t('practice.none'))).toBeTruthy();
    expect(screen.queryByTestId('my-exercise-item')).toBeNull();
  });
});
