// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Feedback } from './components/Feedback';
import { feedback } from './feedback';

afterEach(cleanup);

describe('messages and dialogs loaded on first use', () => {
  it('shows a message asked for before its code has loaded, and later ones too', async () => {
    render(<Feedback />);
    feedback.message.success('first message');
    expect(await screen.findByText('first message', {}, { timeout: 10_000 })).toBeTruthy();
    feedback.message.error('second message');
    expect(await screen.findByText('second message')).toBeTruthy();
  });

  it('opens a confirmation and runs its action on OK', async () => {
    render(<Feedback />);
    let confirmed = false;
    feedback.modal.confirm({ title: 'Delete it?', okText: 'Yes', onOk: () => void (confirmed = true) });
    expect((await screen.findAllByText('Delete it?', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Yes'));
    await waitFor(() => expect(confirmed).toBe(true));
  });
});
