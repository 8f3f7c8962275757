import { describe, expect, it } from 'vitest';
import { contentMatches, sniff } from './uploads.sniff.js';

const b = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('content sniffing', () => {
  it.each([
    [b([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    [b([0x89], 'PNG\r\n', [0x1a, 0x0a]), 'png'],
    [b('GIF89a'), 'gif'],
    [b('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'webp'],
    [b('%PDF-1.7\n'), 'pdf'],
    [b('PK', [3, 4], 'xl/workbook'), 'zip'],
    [b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'ole'],
    [b([0, 0, 0, 0x20], 'ftypisom'), 'mp4'],
    [b([0, 0, 0, 0x14], 'ftypqt  '), 'mov'],
    [b([0, 0, 0, 0x20], 'ftypM4A '), 'm4a'],
    [b([0x1a, 0x45, 0xdf, 0xa3]), 'matroska'],
    [b('RIFF', [1, 2, 3, 4], 'AVI LIST'), 'avi'],
    [b('FLV', [1, 5]), 'flv'],
    [b('ID3', [4, 0]), 'mp3'],
    [b([0xff, 0xfb, 0x90]), 'mp3'],
    [b('RIFF', [1, 2, 3, 4], 'WAVEfmt '), 'wav'],
    [b('OggS', [0]), 'ogg'],
    [Buffer.from('名字,部门\n张三,培训部\n', 'utf8'), 'text'],
    [b('MZ', [0x90, 0, 3, 0]), null],
  ])('%#: recognises the type', (bytes, expected) => {
    expect(sniff(bytes)).toBe(expected);
  });

  it('refuses a suffix that lies about the content', () => {
    expect(contentMatches('pdf', sniff(b('MZ', [0x90, 0])))).toBe(false);
    expect(contentMatches('mp4', sniff(b([0x89], 'PNG\r\n', [0x1a, 0x0a])))).toBe(false);
    expect(contentMatches('docx', sniff(b('PK', [3, 4])))).toBe(true);
    expect(contentMatches('doc', sniff(b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))).toBe(true);
    expect(contentMatches('mp3', sniff(b('OggS', [0])))).toBe(false);
  });
});
