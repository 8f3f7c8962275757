// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { session } from '../session';
import { useFormPage } from './useLeaveGuard';
import { renderAt } from './testing/render';

function AddPage() {
  const [form] = Form.useForm();
  const page = useFormPage({ form, title: '新增角色' });
  return (
    <>
      <Form form={form}>
        <Form.Item name="name">
          <Input data-testid="name" />
        </Form.Item>
      </Form>
      <Link to="/elsewhere" data-testid="away">
        away
      </Link>
      <Button data-testid="save" onClick={() => page.leave('/elsewhere')}>
        save
      </Button>
      <Button data-testid="save-stay" onClick={() => page.leave('/list?id=5')}>
        save and stay
      </Button>
    </>
  );
}

const tabs = () => session.get().history.map((h) => h.title ?? h.titleKey);

describe('a form page', () => {
  it('leaves at once while nothing was typed', async () => {
    renderAt('/list', () => <AddPage />);
    fireEvent.click(screen.getByTestId('away'));
    await screen.findByTestId('elsewhere');
  });

  it('asks before leaving a half-filled form; staying keeps what was typed', async () => {
    renderAt('/list', () => <AddPage />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Course Admin' } });
    fireEvent.click(screen.getByTestId('away'));
    fireEvent.click(await screen.findByTestId('leave-confirm-cancel'));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Course Admin');

    fireEvent.click(screen.getByTestId('away'));
    // The first dialog may still be fading out: the newest one is the last.
    await waitFor(() => expect(screen.getAllByTestId('leave-confirm-ok')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('leave-confirm-ok').at(-1)!);
    await screen.findByTestId('elsewhere');
  });

  it('names its tab and document after itself, and a save leaves without asking and closes the tab', async () => {
    session.set({
      history: [
        { path: '/list', titleKey: 'page.add-role' },
        { path: '/other', titleKey: 'perm.rzjs' },
      ],
    });
    renderAt('/list', () => <AddPage />);
    await waitFor(() => expect(tabs()).toEqual(['新增角色', 'perm.rzjs']));
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Course Admin' } });
    fireEvent.click(screen.getByTestId('save'));
    await screen.findByTestId('elsewhere');
    expect(screen.queryByText('离开此页？')).toBeNull();
    expect(tabs()).toEqual(['perm.rzjs']);
  });

  it('a save that stays on its page (a new record becomes its edit page) replaces the history entry: back goes where the user came from', async () => {
    const { router } = renderAt('/list', () => <AddPage />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Course Admin' } });
    fireEvent.click(screen.getByTestId('save-stay'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
