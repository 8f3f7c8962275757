import { describe, expect, it } from 'vitest';
import { mapRichTextImages, richTextImageSources, richTextPlain, sanitizeRichText } from './rich-text.js';

describe('rich text sanitizer', () => {
  it('keeps formatting, lists, links and images', () => {
    const html = '<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<p><a href="/portal/notice/3">in</a></p>')).toBe('<p><a href="/portal/notice/3">in</a></p>');
    expect(sanitizeRichText('<img src="/api/upload/file/x" alt="a" />')).toBe('<img src="/api/upload/file/x" alt="a" />');
  });

  it('opens outside links in a new tab without handing it the window', () => {
    expect(sanitizeRichText('<a href="https://example.com/x">x</a>')).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('strips scripts, styles, frames, event handlers and javascript: or data: addresses', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<style>p{}</style><iframe src="https://x"></iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png" />');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><p>k</p>')).toBe('<p>k</p>');
  });

  it('measures the visible text and lists and rewrites image addresses', async () => {
    expect(richTextPlain('<p>a &amp; b</p><p>c&lt;d</p>')).toBe('a & b c<d');
    const html = '<p>x</p><img src="/api/upload/file/1" /><img src="https://e.com/a.png" />';
    expect(richTextImageSources(html)).toEqual(['/api/upload/file/1', 'https://e.com/a.png']);
    expect(await mapRichTextImages(html, (src) => (src.startsWith('/api') ? `${src}?sig=a&b` : null))).toBe('<p>x</p><img src="/api/upload/file/1?sig=a&amp;b" />');
  });
});
