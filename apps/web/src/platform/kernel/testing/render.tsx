/**
 * Component-test support for the kernel (Testing Library under happy-dom): the app's providers
 * (TanStack Query, Ant Design's App, the Chinese catalogue) around a memory router whose URL a
 * test reads back.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configure, render } from '@testing-library/react';
import '../../i18n';

// Two shared cores run the whole suite: waits give a slow render time rather than fail it.
configure({ asyncUtilTimeout: 5000 });

export function renderAt(url: string, ui: () => ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/list', Component: () => <>{ui()}</> }], { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  /** The current URL's search parameters. */
  const search = () => new URLSearchParams(router.state.location.search);
  return { ...view, router, client, search };
}
