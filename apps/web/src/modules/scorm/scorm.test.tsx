// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { scormRoutes } from '@hanlin/shared';
import ScormPreviewPage from './manage/ScormPreviewPage';

describe('SCORM preview', () => {
  it('lists the imported packages with their file and number of lessons', async () => {
    session.set({ operateAuth: ['kjgl', 'kjgl:add'] });
    const sco = sample(scormRoutes.list.response.element.shape.scos.element);
    fakeApi().on(scormRoutes.list, [sample(scormRoutes.list.response.element, { title: 'Forklift basics', fileName: 'forklift.zip', scos: [sco, sco] })]);
    renderAt('/list', () => <ScormPreviewPage />);
    const item = await screen.findByTestId('scorm-package');
    expect(item.textContent).toContain('Forklift basics');
    expect(item.textContent).toContain('forklift.zip');
    expect(screen.getByTestId('scorm-play')).toBeTruthy();
  });
});
