/**
 * Component-test support for the kernel (Testing Library under happy-dom): the app's providers
 * (TanStack Query, the lazy message/dialog host, the Chinese catalogue) around a memory router whose URL a
 * test reads back.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Feedback } from '../../components/Feedback';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { loadManageTexts } from '../../i18n';

// Two shared cores run the whole suite: waits give a slow render time rather than fail it.
configure({ asyncUtilTimeout: 5000 });
// The pages under test are the back office's: its texts, as the management end loads them.
await loadManageTexts();

afterEach(cleanup);
// Ant Design's delayed states (tooltips, popovers) set their timers without clearing them on unmount: let
// them run while the page environment still exists, not after the file's environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));

/** Renders `ui` at `url`; `path` is the route pattern it sits under (`/portal/notice/:id`), `/list` unless said. */
export function renderAt(url: string, ui: () => ReactNode, { path = '/list' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, Component: () => <>{ui()}</> },
      // Where a page navigates after saving: a test reads the URL, the page it names is not under test.
      { path: '*', Component: () => <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <>
        <Feedback />
        <RouterProvider router={router} />
      </>
    </QueryClientProvider>,
  );
  /** The current URL's search parameters. */
  const search = () => new URLSearchParams(router.state.location.search);
  return { ...view, router, client, search };
}

/** The texts of the form errors on the page (client rules and server refusals alike). */
export const formErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');

/** Opens the select of `testId` and picks the option showing `label`. */
export async function pickOption(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const option = await waitFor(() => {
    const hit = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.getAttribute('title') === label);
    if (!hit) throw new Error(`no option ${label}`);
    return hit;
  });
  fireEvent.click(option);
}
