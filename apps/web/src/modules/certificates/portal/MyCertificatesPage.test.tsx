// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { certificateRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import i18next from 'i18next';
import MyCertificatesPage from './MyCertificatesPage';

describe('my certificates', () => {
  it('lists the certificates issued to me with what they were issued for, their number, validity and a download of each', async () => {
    const api = fakeApi().rows(certificateRoutes.my, [
      { id: 4, templateName: 'Forklift operator', sourceTitle: 'Forklift course', number: 'HL-0001', expiresAt: null },
      { id: 5, templateName: 'First aider', sourceTitle: 'First aid exam', number: 'HL-0002', expiresAt: '2031-06-30T00:00:00.000Z' },
      { id: 6, templateName: 'Forklift class', sourceKind: 'training', sourceTitle: 'Forklift safety class', number: 'HL-0003', expiresAt: null },
    ]);
    renderAt('/list', () => <MyCertificatesPage />);
    await waitFor(() => expect(screen.getAllByTestId('my-certificate-item')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('my-certificate-item').map((e) => e.textContent ?? '');
    expect(first).toContain('Forklift operator');
    expect(first).toContain('Forklift course');
    expect(first).toContain(i18next.t('certificate.permanent'));
    expect(second).toContain('First aider');
    expect(second).not.toContain(i18next.t('certificate.permanent'));
    // A training class's certificate says so, with the class's title.
    expect(third).toContain(`${i18next.t('certificate.source_training')}Forklift safety class`);
    expect(screen.getByText('HL-0002').closest('a')?.getAttribute('href')).toBe('/certificate/verify/HL-0002');
    fireEvent.click(screen.getAllByTestId('my-certificate-download')[1]!);
    await waitFor(() => expect(api.last(certificateRoutes.myDownload)).toEqual({ id: 5 }));
  });

  it('says so when I hold no certificate yet', async () => {
    fakeApi().rows(certificateRoutes.my, []);
    renderAt('/list', () => <MyCertificatesPage />);
    expect(await screen.findByText(i18next.t('certificate.noneYet'))).toBeTruthy();
    expect(screen.queryByTestId('my-certificate-item')).toBeNull();
  });
});
