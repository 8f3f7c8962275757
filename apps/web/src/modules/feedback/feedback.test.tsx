// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { feedbackRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import FeedbackListPage from './manage/FeedbackListPage';
import FeedbackReplyPage from './manage/FeedbackReplyPage';

describe('feedback', () => {
  it('the list shows what users wrote and a reply leads to the reply page', async () => {
    session.set({ operateAuth: ['yjfk', 'yjfk:modify'] });
    fakeApi().rows(feedbackRoutes.list, [{ id: 31, content: 'The video stutters' }]);
    const view = renderAt('/list', () => <FeedbackListPage />);
    expect((await screen.findByTestId('feedback-row-content')).textContent).toContain('The video stutters');
    fireEvent.click(screen.getByTestId('feedback-row-reply'));
    await waitFor(() => expect(view.router.state.location.search).toBe('?id=31'));
  });

  it('the reply page shows the feedback and its replies, and sends a reply where the server allows it', async () => {
    const api = fakeApi()
      .on(feedbackRoutes.get, sample(feedbackRoutes.get.response, { id: 31, content: 'The video stutters', abilities: { reply: true } }))
      .on(feedbackRoutes.replies, [sample(feedbackRoutes.replies.response.element, { content: 'Which browser?' })]);
    renderAt('/list?id=31', () => <FeedbackReplyPage />);
    expect((await screen.findByTestId('feedback-content')).textContent).toBe('The video stutters');
    expect(screen.getByTestId('feedback-reply-item').textContent).toContain('Which browser?');
    fireEvent.change(screen.getByTestId('feedback-content-input'), { target: { value: 'Fixed, thank you' } });
    fireEvent.click(screen.getByTestId('feedback-reply-submit'));
    await waitFor(() => expect(api.last(feedbackRoutes.reply)).toEqual({ id: 31, content: 'Fixed, thank you' }));
  });

  it('no reply form on a feedback the server does not let the caller answer', async () => {
    fakeApi().on(feedbackRoutes.get, sample(feedbackRoutes.get.response, { id: 32, content: 'Beyond my scope', abilities: { reply: false } }));
    renderAt('/list?id=32', () => <FeedbackReplyPage />);
    expect((await screen.findByTestId('feedback-content')).textContent).toBe('Beyond my scope');
    expect(screen.queryByTestId('feedback-reply-form')).toBeNull();
  });
});
