// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
});
