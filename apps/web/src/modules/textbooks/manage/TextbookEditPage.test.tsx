// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { textbookRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import TextbookEditPage from './TextbookEditPage';

describe('textbook form', () => {
  it('refuses a new textbook without a name or a PDF and sends nothing', async () => {
    session.set({ operateAuth: ['szjc', 'szjc:add', 'szjc:modify'] });
    const api = fakeApi();
    renderAt('/list', () => <TextbookEditPage />);
    fireEvent.click(await screen.findByTestId('textbook-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThanOrEqual(2));
    expect(api.sent(textbookRoutes.insert)).toHaveLength(0);
  });

  it('saves the changed name of a textbook and publishes it when asked to', async () => {
    session.set({ operateAuth: ['szjc', 'szjc:add', 'szjc:modify'] });
    const book = sample(textbookRoutes.get.response, { id: 6, name: 'Electrical safety', file: '/api/upload/file/abc', fileName: 'safety.pdf', author: 'Wang' });
    const api = fakeApi().on(textbookRoutes.get, book);
    const { router } = renderAt('/list?id=6', () => <TextbookEditPage />);
    const name = (await screen.findByTestId('textbook-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Electrical safety'));
    fireEvent.change(name, { target: { value: 'Electrical safety (2nd ed.)' } });
    fireEvent.click(screen.getByTestId('textbook-submit-publish'));
    await waitFor(() => expect(api.last(textbookRoutes.update)).toMatchObject({ id: 6, name: 'Electrical safety (2nd ed.)', author: 'Wang', file: '/api/upload/file/abc' }));
    await waitFor(() => expect(api.last(textbookRoutes.publish)).toEqual({ ids: [6] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/textbooks-digital'));
  });
});
