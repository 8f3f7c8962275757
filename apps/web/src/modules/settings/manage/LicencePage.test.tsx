// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, settingsRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import LicencePage from './LicencePage';

describe('licence form', () => {
  it('an empty document is refused by the shared rule and not sent; a pasted one is sent trimmed; a refusal lands on the field', async () => {
    session.set({ operateAuth: ['xkz', 'xkz:modify'] });
    const api = fakeApi().on(settingsRoutes.getLicence, sample(settingsRoutes.getLicence.response)).fail(settingsRoutes.saveLicence, 'PARAMETER_INVALID', 'licence');
    renderAt('/list', () => <LicencePage />);
    const input = await screen.findByTestId('licence-document');
    const item = input.closest('.ant-form-item')!;
    fireEvent.click(screen.getByTestId('licence-submit'));
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(api.last(settingsRoutes.saveLicence)).toBeUndefined();

    fireEvent.change(input, { target: { value: '  signed-document \n' } });
    fireEvent.click(screen.getByTestId('licence-submit'));
    await waitFor(() => expect(api.last(settingsRoutes.saveLicence)).toEqual({ licence: 'signed-document' }));
    await waitFor(() => expect(item.textContent).toContain(ERRORS.PARAMETER_INVALID.text['zh-CN']));
  });

  it('a pasted document not yet installed asks before the page is left; once installed the box is empty, the page stays and leaving does not ask', async () => {
    session.set({ operateAuth: ['xkz', 'xkz:modify'] });
    const api = fakeApi()
      .on(settingsRoutes.getLicence, sample(settingsRoutes.getLicence.response))
      .on(settingsRoutes.saveLicence, sample(settingsRoutes.saveLicence.response, { state: 'valid', serialNumber: 'SN-42', customer: 'Acme' }));
    const { router } = renderAt('/list', () => <LicencePage />);
    const input = await screen.findByTestId<HTMLTextAreaElement>('licence-document');
    fireEvent.change(input, { target: { value: 'signed-document' } });
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(await screen.findByTestId('leave-confirm-cancel'));
    expect(router.state.location.pathname).toBe('/list');
    expect(input.value).toBe('signed-document');

    fireEvent.click(screen.getByTestId('licence-submit'));
    await waitFor(() => expect(api.last(settingsRoutes.saveLicence)).toEqual({ licence: 'signed-document' }));
    expect((await screen.findByTestId('licence-serial')).textContent).toBe('SN-42');
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('licence-document').value).toBe(''));
    expect(router.state.location.pathname).toBe('/list');
    await act(() => router.navigate('/elsewhere'));
    await screen.findByTestId('elsewhere');
  });
});
