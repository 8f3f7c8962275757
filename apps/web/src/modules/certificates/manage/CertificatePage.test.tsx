// @vitest-environment happy-dom
import { describe, it } from 'vitest';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import { certificateRoutes } from '@hanlin/shared';
import CertificatePage from './CertificatePage';

describe('certificate templates', () => {
  it('lists the templates and searches them by keyword', async () => {
    session.set({ operateAuth: ['zsgl', 'zsgl:modify'] });
    const api = fakeApi().rows(certificateRoutes.templateList, [{ name: 'Safety officer' }, { name: 'Crane operator' }]);
    renderAt('/list', () => <CertificatePage />);
    await expectRows('certificate-row-name', ['Safety officer', 'Crane operator']);
    await searchBy('certificate-filter-keyword', 'crane', () => api.last(certificateRoutes.templateList), { keyword: 'crane' });
  });
});
