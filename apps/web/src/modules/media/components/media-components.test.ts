import crypto from 'node:crypto';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MediaState } from '@hanlin/shared';
import '../../../platform/i18n';
import ChunkedUploader from './ChunkedUploader';
import VideoPlayer from './VideoPlayer';
import PdfViewer from './PdfViewer';
import AudioPlayer from './AudioPlayer';
import MediaPreview from './MediaPreview';
import { sha256OfFile } from '../upload';

const state = (over: Partial<MediaState>): MediaState => ({
  fileId: '00000000-0000-4000-8000-000000000000',
  kind: 'video',
  state: 'ready',
  progress: 0,
  durationMs: null,
  pages: null,
  error: null,
  playUrl: null,
  downloadUrl: '/api/upload/file/00000000-0000-4000-8000-000000000000',
  ...over,
});

describe('media components render', () => {
  it('ChunkedUploader offers the file types of its kind', () => {
    const html = renderToString(createElement(ChunkedUploader, { kind: 'video', purpose: 'courseware' }));
    expect(html).toContain('data-testid="chunked-uploader"');
    expect(html).toContain('选择文件');
    expect(html).toContain('accept=".mp4,.mov,.m4v,.webm,.avi,.flv,.mkv"');
  });

  it('VideoPlayer renders a video element with controls', () => {
    const html = renderToString(createElement(VideoPlayer, { src: '/api/media/play/x/1.a/index.m3u8', noSeekBeyond: 10 }));
    expect(html).toMatch(/<video[^>]*controls/);
  });

  it('PdfViewer shows page navigation while loading', () => {
    const html = renderToString(createElement(PdfViewer, { src: '/doc.pdf' }));
    expect(html).toContain('文档加载中');
    expect(html).toContain('aria-label="上一页"');
    expect(html).toContain('aria-label="下一页"');
  });

  it('AudioPlayer shows a progress bar and the known length', () => {
    const html = renderToString(createElement(AudioPlayer, { src: '/a.mp3', durationMs: 125_000 }));
    expect(html).toContain('data-testid="audio-player-progress"');
    expect(html).toContain('0:00 / 2:05');
  });

  it('MediaPreview picks the player by kind and shows states otherwise', () => {
    expect(renderToString(createElement(MediaPreview, { media: state({ playUrl: '/v/index.m3u8' }) }))).toContain('data-testid="video-player"');
    expect(renderToString(createElement(MediaPreview, { media: state({ kind: 'audio', playUrl: '/a' }) }))).toContain('data-testid="audio-player"');
    expect(renderToString(createElement(MediaPreview, { media: state({ kind: 'office', playUrl: '/d.pdf' }) }))).toContain('data-testid="pdf-viewer"');
    // The state in the words of the kind: a video transcodes, a document converts and is read (never "plays").
    expect(renderToString(createElement(MediaPreview, { media: state({ state: 'processing', progress: 40 }) }))).toContain('转码中 40%');
    expect(renderToString(createElement(MediaPreview, { media: state({ kind: 'office', state: 'processing' }) }))).toContain('转换中');
    expect(renderToString(createElement(MediaPreview, { media: state({ kind: 'pdf', state: 'pending' }) }))).not.toMatch(/播放|转码/);
    const failed = renderToString(createElement(MediaPreview, { media: state({ state: 'failed', error: 'VIDEO_SLICE_FAILED' }) }));
    expect(failed).toContain('视频切片失败');
    expect(failed).toContain('data-testid="media-download"');
    expect(renderToString(createElement(MediaPreview, { media: state({ kind: 'office', state: 'download' }) }))).toContain('仅可下载');
  });
});

describe('chunked upload checksum', () => {
  it('hashes a file in slices to the same SHA-256 as the server', async () => {
    const bytes = crypto.randomBytes(9 * 1024 * 1024 + 17);
    const seen: number[] = [];
    const hex = await sha256OfFile(new Blob([bytes]), (p) => seen.push(p));
    expect(hex).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    expect(seen.at(-1)).toBe(100);
    expect(seen.length).toBe(3);
  });
});
