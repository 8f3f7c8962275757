// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, FEEDBACK_CONTENT_MAX, feedbackRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import FeedbackReplyPage from './FeedbackReplyPage';

const row = sample(feedbackRoutes.get.response);

describe('feedback reply form', () => {
  it('a blank reply is refused by the shared rule and not sent; a good reply sends the id and the trimmed text; a refusal lands on the field', async () => {
    const api = fakeApi()
      .on(feedbackRoutes.get, { ...row, id: 5, abilities: { ...row.abilities, reply: true } })
      .on(feedbackRoutes.replies, [])
      .fail(feedbackRoutes.reply, 'PARAMETER_INVALID', 'content');
    renderAt('/list?id=5', () => <FeedbackReplyPage />);
    const input = await screen.findByTestId('feedback-content-input');
    const item = input.closest('.ant-form-item')!;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('feedback-reply-submit'));
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(api.last(feedbackRoutes.reply)).toBeUndefined();
    expect(input.getAttribute('maxlength')).toBe(String(FEEDBACK_CONTENT_MAX));

    fireEvent.change(input, { target: { value: '  Thanks, fixed. ' } });
    fireEvent.click(screen.getByTestId('feedback-reply-submit'));
    await waitFor(() => expect(api.last(feedbackRoutes.reply)).toEqual({ id: 5, content: 'Thanks, fixed.' }));
    await waitFor(() => expect(item.textContent).toContain(ERRORS.PARAMETER_INVALID.text['zh-CN']));
  });

  it('a reply typed and not sent asks before the page is left (back included); a sent one empties the box and leaving does not ask', async () => {
    const api = fakeApi()
      .on(feedbackRoutes.get, { ...row, id: 5, abilities: { ...row.abilities, reply: true } })
      .on(feedbackRoutes.replies, [])
      .on(feedbackRoutes.reply, { id: 9 });
    const { router } = renderAt('/list?id=5', () => <FeedbackReplyPage />);
    const input = await screen.findByTestId<HTMLTextAreaElement>('feedback-content-input');
    fireEvent.change(input, { target: { value: 'Thanks, fixed.' } });
    fireEvent.click(screen.getByTestId('feedback-back'));
    fireEvent.click(await screen.findByTestId('leave-confirm-cancel'));
    expect(router.state.location.pathname).toBe('/list');
    expect(input.value).toBe('Thanks, fixed.');

    fireEvent.click(screen.getByTestId('feedback-reply-submit'));
    await waitFor(() => expect(api.last(feedbackRoutes.reply)).toEqual({ id: 5, content: 'Thanks, fixed.' }));
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('feedback-content-input').value).toBe(''));
    expect(router.state.location.search).toBe('?id=5');
    await act(() => router.navigate('/dashboard/manage-feedback'));
    await screen.findByTestId('elsewhere');
  });
});
