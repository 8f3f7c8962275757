// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { messageRoutes } from '@hanlin/shared';
import MyMessagesPage from './MyMessagesPage';
import { formatTime } from '../../platform/format';

describe('my messages', () => {
  it('lists the messages, unread ones marked, and marks the chosen ones read', async () => {
    const api = fakeApi().rows(messageRoutes.mine, [
      { id: 61, title: 'Exam tomorrow', content: 'Bring your ID', read: false, abilities: { read: true, delete: true } },
      { id: 62, title: 'Course passed', read: true },
    ]);
    renderAt('/list', () => <MyMessagesPage />);
    await waitFor(() => expect(screen.getAllByTestId('message-item').map((e) => e.getAttribute('data-read'))).toEqual(['false', 'true']));
    expect(screen.getByText('Bring your ID')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Exam tomorrow'));
    fireEvent.click(screen.getByTestId('message-mark-read'));
    await waitFor(() => expect(api.last(messageRoutes.read)).toEqual({ ids: [61] }));
  });

  it("shows a platform message in the reader's words, its instants as the lists show times", async () => {
    const endAt = '2026-03-04T05:06:00.000Z';
    fakeApi().rows(messageRoutes.mine, [
      { id: 63, title: 'Survey open: Canteen', content: 'stored fallback', template: 'surveyOpened', params: { name: 'Canteen', endAt }, read: false },
    ]);
    renderAt('/list', () => <MyMessagesPage />);
    await waitFor(() => expect(screen.getByText(`问卷“Canteen”已开放，截止时间 ${formatTime(endAt)}。`)).toBeTruthy());
  });
});
