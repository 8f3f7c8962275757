// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { Feedback } from '../components/Feedback';
import { session } from '../session';
import { useRecordFormPage } from './useRecordFormPage';
import './testing/render';

/** An add/edit page on the kernel (`?id=` loads the record), as the modules write them. */
function EditPage() {
  const { form, page, existing, loading } = useRecordFormPage<{ name: string; note: string }, { name: string; note: string }>({
    queryKey: 'things',
    titleKeys: { add: 'page.add-role', edit: 'common.edit' },
    load: async ({ id }) => ({ name: `Thing ${id}`, note: '' }),
  });
  if (loading) return null;
  return (
    <>
      <Form form={form} initialValues={existing.data}>
        <Form.Item name="name">
          <Input data-testid="name" />
        </Form.Item>
        <Form.Item name="note">
          <Input data-testid="note" />
        </Form.Item>
      </Form>
      <Link to="/dashboard/other" data-testid="to-other">
        other tab
      </Link>
      <Link to="/portal" data-testid="to-portal">
        portal
      </Link>
      <Button
        data-testid="save"
        onClick={() =>
          void page.save(
            async () => '/dashboard/list',
            () => undefined,
            { quiet: true },
          )
        }
      >
        save
      </Button>
    </>
  );
}

function renderShell(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/add-thing', Component: EditPage },
      { path: '/dashboard/list', Component: () => <div data-testid="list" /> },
      {
        path: '/dashboard/other',
        Component: () => (
          <Link to={session.get().history.find((h) => h.path.startsWith('/dashboard/add-thing'))?.path ?? '/dashboard/add-thing'} data-testid="back">
            back
          </Link>
        ),
      },
      { path: '*', Component: () => <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Feedback />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const tabs = (path: string) =>
  session.set({
    history: [
      { path: '/dashboard/list', titleKey: 'perm.rzjs' },
      { path, titleKey: 'page.add-role' },
      { path: '/dashboard/other', titleKey: 'perm.gggl' },
    ],
  });
const tabPaths = () => session.get().history.map((h) => h.path);

describe('form pages in management tabs', () => {
  it('a half-filled add form keeps its values when the user switches to another tab and back, without asking', async () => {
    tabs('/dashboard/add-thing');
    renderShell('/dashboard/add-thing');
    fireEvent.change(await screen.findByTestId('name'), { target: { value: 'Half typed' } });
    fireEvent.click(screen.getByTestId('to-other'));
    fireEvent.click(await screen.findByTestId('back'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Half typed'));
    expect(screen.queryByTestId('leave-confirm-ok')).toBeNull();

    // Still a half-filled form: leaving the shell asks, as before.
    fireEvent.click(screen.getByTestId('to-portal'));
    await screen.findByTestId('leave-confirm-ok');
  });

  it('an edit form keeps what was typed over the loaded record; the record of another id starts clean', async () => {
    tabs('/dashboard/add-thing?id=7');
    const router = renderShell('/dashboard/add-thing?id=7');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Thing 7'));
    fireEvent.change(screen.getByTestId('note'), { target: { value: 'changed my mind' } });
    fireEvent.click(screen.getByTestId('to-other'));
    fireEvent.click(await screen.findByTestId('back'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('note').value).toBe('changed my mind'));
    expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Thing 7');

    fireEvent.click(screen.getByTestId('to-other'));
    await screen.findByTestId('back');
    await act(() => router.navigate('/dashboard/add-thing?id=8'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Thing 8'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId<HTMLInputElement>('note').value).toBe('');
  });

  it('closing the tab drops what was typed', async () => {
    tabs('/dashboard/add-thing');
    const router = renderShell('/dashboard/add-thing');
    fireEvent.change(await screen.findByTestId('name'), { target: { value: 'Forget me' } });
    fireEvent.click(screen.getByTestId('to-other'));
    await screen.findByTestId('back');
    session.set({ history: session.get().history.filter((h) => !h.path.startsWith('/dashboard/add-thing')) });
    await act(() => router.navigate('/dashboard/add-thing'));
    await screen.findByTestId('name');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('');
  });

  it('saving an edit page closes its tab and shows the list: no "Edit …" tab is left', async () => {
    tabs('/dashboard/add-thing?id=7');
    renderShell('/dashboard/add-thing?id=7');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Thing 7'));
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Thing seven' } });
    fireEvent.click(screen.getByTestId('save'));
    await screen.findByTestId('list');
    expect(tabPaths()).toEqual(['/dashboard/list', '/dashboard/other']);
    expect(screen.queryByTestId('leave-confirm-ok')).toBeNull();
  });
});
