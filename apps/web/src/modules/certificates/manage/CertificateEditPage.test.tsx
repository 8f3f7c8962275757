// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { CERTIFICATE_DEFAULT_LAYOUT, certificateRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import CertificateEditPage from './CertificateEditPage';

describe('certificate template form', () => {
  it('refuses an empty name, then sends the template valid for the months typed', async () => {
    session.set({ operateAuth: ['zsgl', 'zsgl:add', 'zsgl:modify'] });
    const api = fakeApi();
    const { router } = renderAt('/list', () => <CertificateEditPage />);
    fireEvent.click(await screen.findByTestId('certificate-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(certificateRoutes.templateInsert)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('certificate-name'), { target: { value: 'Forklift operator' } });
    fireEvent.click(screen.getByLabelText(i18next.t('certificate.limited')));
    fireEvent.change(screen.getByTestId('certificate-months'), { target: { value: '24' } });
    fireEvent.click(screen.getByTestId('certificate-submit'));
    await waitFor(() =>
      expect(api.last(certificateRoutes.templateInsert)).toMatchObject({ name: 'Forklift operator', validityMonths: 24, layout: { title: CERTIFICATE_DEFAULT_LAYOUT.title } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-certificate'));
  });

  it('loads a permanent template and keeps it permanent when its name changes', async () => {
    session.set({ operateAuth: ['zsgl', 'zsgl:add', 'zsgl:modify'] });
    const template = sample(certificateRoutes.templateGet.response, { id: 3, name: 'First aider', validityMonths: null, layout: CERTIFICATE_DEFAULT_LAYOUT });
    const api = fakeApi().on(certificateRoutes.templateGet, template);
    renderAt('/list?id=3', () => <CertificateEditPage />);
    const name = (await screen.findByTestId('certificate-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('First aider'));
    fireEvent.change(name, { target: { value: 'First aider (2026)' } });
    fireEvent.click(screen.getByTestId('certificate-submit'));
    await waitFor(() => expect(api.last(certificateRoutes.templateUpdate)).toMatchObject({ id: 3, name: 'First aider (2026)', validityMonths: null }));
  });
});
