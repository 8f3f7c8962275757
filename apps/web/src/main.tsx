import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { required } from '@hanlin/shared';
import { i18nReady } from './platform/i18n';
import { loadSiteName } from './platform/site-name';
import './app/global.css';
import { Providers } from './app/providers';
import { router } from './app/router';

// A stored language other than Chinese loads first, so the first paint is already in it.
void i18nReady.then(() => loadSiteName());
void i18nReady.then(() =>
  createRoot(required(document.getElementById('root'), 'the #root element')).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
