import { describe, expect, it } from 'vitest';
import { findLibreOffice, parseDurationMs } from './media.ffmpeg.js';
import { mediaKindOf } from './media.service.js';

describe('media helpers', () => {
  it('reads the duration from ffmpeg output', () => {
    expect(parseDurationMs('  Duration: 00:00:02.02, start: 0.000000, bitrate: 260 kb/s')).toBe(2020);
    expect(parseDurationMs('Duration: 01:02:03.5, start')).toBe(3723500);
    expect(parseDurationMs('input.mp4: Invalid data found when processing input')).toBeNull();
  });

  it('finds LibreOffice only on PATH', () => {
    expect(findLibreOffice({ PATH: '/nonexistent' })).toBeNull();
  });

  it('tells how a file is played', () => {
    expect(mediaKindOf({ mime: 'video/quicktime', originalName: 'a.mov' })).toBe('video');
    expect(mediaKindOf({ mime: 'audio/mpeg', originalName: 'a.mp3' })).toBe('audio');
    expect(mediaKindOf({ mime: 'application/pdf', originalName: 'a.pdf' })).toBe('pdf');
    expect(mediaKindOf({ mime: 'application/msword', originalName: '课件.DOC' })).toBe('office');
    expect(mediaKindOf({ mime: 'application/zip', originalName: 'a.zip' })).toBe('other');
  });
});
