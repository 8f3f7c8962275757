// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { appVersionRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import VersionListPage from './VersionListPage';

describe('the public version page', () => {
  it('shows the published versions and pages through them', async () => {
    const api = fakeApi().rows(appVersionRoutes.publicList, [{ version: '3.2.0', description: 'Offline lessons' }, { version: '3.1.0' }], 25);
    renderAt('/list', () => <VersionListPage />);
    expect(await screen.findByText('Offline lessons')).toBeTruthy();
    expect(screen.getByText('3.1.0')).toBeTruthy();
    expect(api.last(appVersionRoutes.publicList)).toEqual({ page: 1, size: 10 });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.last(appVersionRoutes.publicList)).toEqual({ page: 2, size: 10 }));
  });
});
