/**
 * Issue 10, files: the media players render and play in a real browser under the app's CSP —
 * a video sliced to HLS by the server plays through hls.js, a PDF is drawn by pdf.js with its
 * worker, audio shows its progress bar — and a chunked upload runs from the browser.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { uploadFile, type Session } from './support/api';
import { eventually, useBrowser, visible } from './support/browser';
import { loginAdminUI, sessionOf } from './support/flows';

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-e2e-media-'));

function make(name: string, args: string[]): Buffer {
  execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, path.join(dir, name)]);
  return fs.readFileSync(path.join(dir, name));
}

/** A one-page PDF (pdf.js rebuilds the cross-reference table when offsets are off). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 44>>stream\nBT /F1 24 Tf 40 100 Td (Hanlin PDF) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const upload = async (s: Session, filename: string, data: Buffer, kind: string) => (await uploadFile(s, { filename, data, kind })).id;

describe('media players', () => {
  const b = useBrowser();

  it('plays an HLS video, draws a PDF and shows audio progress', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const s = await sessionOf(page);
    const video = make('v.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    const audio = make('a.mp3', ['-f', 'lavfi', '-i', 'sine=duration=3', '-c:a', 'libmp3lame']);
    const videoId = await upload(s, '视频.mp4', video, 'video');
    const pdfId = await upload(s, '手册.pdf', PDF, 'document');
    const audioId = await upload(s, '音频.mp3', audio, 'audio');

    // The viewer asks for processing and follows the progress until the video is ready.
    await page.goto(`/media-viewer?file=${videoId}`);
    const player = await visible(page.getByTestId('video-player').locator('video'), 60_000);
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    await eventually(async () => {
      const t = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
      if (t <= 0.3) throw new Error(`video at ${t}`);
      return t;
    }, 30_000);
    expect(await player.evaluate((v: HTMLVideoElement) => v.src.startsWith('blob:'))).toBe(true); // hls.js through MSE

    await page.goto(`/media-viewer?file=${pdfId}`);
    await visible(page.getByTestId('pdf-viewer-page').getByText('1 / 1', { exact: false }));
    const canvasWidth = await page
      .getByTestId('pdf-viewer')
      .locator('canvas')
      .evaluate((c: HTMLCanvasElement) => c.width);
    expect(canvasWidth).toBeGreaterThan(100);

    await page.goto(`/media-viewer?file=${audioId}`);
    await visible(page.getByTestId('audio-player-time').getByText('/ 0:03', { exact: false }));
  });

  it('uploads a video in chunks from the browser, then plays it', async () => {
    const { page } = b;
    await loginAdminUI(page);
    make('c.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast']);
    const file = path.join(dir, `课件-${crypto.randomBytes(4).toString('hex')}.mp4`);
    fs.copyFileSync(path.join(dir, 'c.mp4'), file);
    await page.goto('/media-viewer?kind=video');
    await page.getByTestId('chunked-uploader-input').setInputFiles(file);
    // Uploaded (hash-wasm, chunks, merge), the page turns into the viewer of the new file.
    await eventually(async () => {
      const id = new URL(page.url()).searchParams.get('file');
      if (!id) throw new Error('not uploaded yet');
      return id;
    }, 30_000);
    await visible(page.getByTestId('video-player').locator('video'), 60_000);
  });
});
