// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../platform/kernel/testing/render';
import AttachmentViewerPage from './AttachmentViewerPage';

describe('attachment viewer', () => {
  it('shows a picture inline, offers another file for download, and refuses a script address', async () => {
    const doc = renderAt('/list?url=%2Fapi%2Fupload%2Ffile%2Fa.docx', () => <AttachmentViewerPage />);
    expect((await screen.findByTestId('viewer-download')).getAttribute('href')).toMatch(/\/api\/upload\/file\/a\.docx$/);
    doc.unmount();
    const image = renderAt('/list?url=%2Fapi%2Fupload%2Ffile%2Fb.png', () => <AttachmentViewerPage />);
    expect((await screen.findByTestId('viewer-image')).getAttribute('src')).toMatch(/\/api\/upload\/file\/b\.png$/);
    image.unmount();
    renderAt('/list?url=javascript%3Aalert(1)', () => <AttachmentViewerPage />);
    expect(await screen.findByTestId('viewer-empty')).toBeTruthy();
  });
});
