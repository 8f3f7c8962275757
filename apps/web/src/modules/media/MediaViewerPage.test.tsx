// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MediaStateSchema, mediaRoutes, type MediaState } from '@hanlin/shared';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import MediaViewerPage from './MediaViewerPage';

const FILE = '0b3c2a1e-4d5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('media viewer', () => {
  it('asks the server to process a file never processed and then follows its state, offering the original meanwhile', async () => {
    let state: MediaState['state'] = 'none';
    const api = fakeApi()
      .on(mediaRoutes.state, () => [sample(MediaStateSchema, { fileId: FILE, kind: 'video', state, progress: 0, playUrl: null })])
      .on(mediaRoutes.process, () => {
        state = 'processing';
        return sample(MediaStateSchema, { fileId: FILE, kind: 'video', state, progress: 0, playUrl: null });
      });
    renderAt(`/list?file=${FILE}`, () => <MediaViewerPage />);
    await waitFor(() => expect(api.last(mediaRoutes.process)).toEqual({ id: FILE }));
    expect(api.last(mediaRoutes.state)).toMatchObject({ ids: FILE });
    await waitFor(() => expect(api.sent(mediaRoutes.state).length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByTestId('media-preview-state')).toBeTruthy();
    expect(screen.getByTestId('media-download')).toBeTruthy();
  });

  it('says there is no file for an address naming none the caller may read', async () => {
    const api = fakeApi().on(mediaRoutes.state, []);
    renderAt(`/list?file=${FILE}`, () => <MediaViewerPage />);
    expect(await screen.findByTestId('media-viewer-empty')).toBeTruthy();
    expect(api.sent(mediaRoutes.process)).toHaveLength(0);
  });

  it('refuses a malformed file id without asking the server', async () => {
    const api = fakeApi();
    renderAt('/list?file=not-an-id', () => <MediaViewerPage />);
    expect(await screen.findByTestId('media-viewer-empty')).toBeTruthy();
    expect(api.sent(mediaRoutes.state)).toHaveLength(0);
  });
});
