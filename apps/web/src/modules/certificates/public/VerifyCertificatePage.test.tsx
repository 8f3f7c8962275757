// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { formatCertificateNumber, type CertificateVerification } from '@hanlin/shared';
import '../../../platform/kernel/testing/render';

const number = formatCertificateNumber(2026, '7KQ4MX9TR2H');
const asked: string[] = [];
vi.mock('../api', () => ({
  verifyCertificate: async (input: { number: string }): Promise<CertificateVerification> => {
    asked.push(input.number);
    return {
      number: input.number,
      holder: 'A*a',
      sourceKind: 'training',
      title: 'Fire safety',
      templateName: 'Safety',
      authority: 'Hanlin',
      issuedAt: '2026-11-28T00:00:00Z',
      expiresAt: null,
      status: 'valid',
    };
  },
}));
const { default: VerifyCertificatePage } = await import('./VerifyCertificatePage');

function open(n: string) {
  const router = createMemoryRouter([{ path: '/certificate/verify/:number', Component: VerifyCertificatePage }], {
    initialEntries: [`/certificate/verify/${encodeURIComponent(n)}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the public verification page', () => {
  it('says a mistyped number has a typo without asking the server', async () => {
    const typo = number.slice(0, -1) + (number.endsWith('2') ? '3' : '2');
    open(typo);
    expect(await screen.findByTestId('certificate-verify-typo')).toBeTruthy();
    expect(screen.queryByTestId('certificate-verify-result')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('looks up a well-typed number, in any case, and says what it was issued for', async () => {
    open(number.toLowerCase());
    expect((await screen.findByTestId('certificate-verify-result')).textContent).toContain(number);
    expect(screen.getByTestId('certificate-source-training').parentElement?.textContent).toContain('Fire safety');
    expect(asked).toEqual([number]);
  });
});
