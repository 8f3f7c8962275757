import sanitizeHtml from 'sanitize-html';

/**
 * Rich text written in the back office (notices, later course intros and the like) is stored as
 * sanitized HTML: formatting, lists, quotes, code, tables, links and images only. Scripts, styles,
 * event handlers, frames and `javascript:` / `data:` URLs are removed on the server, whatever the
 * editor sent, so the portal may render the stored markup as is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'span',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link leaving the page opens a new tab without handing it our window.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' || /^https?:/i.test(attribs.href ?? '') ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}) },
    }),
  },
  // An image without a usable address is dropped rather than kept empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitized HTML of untrusted rich text (see OPTIONS for what survives). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of rich text (tags removed, entities decoded, blank runs collapsed): what length limits count. */
export function richTextPlain(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The `src` of every image in sanitized rich text, in order. */
export function richTextImageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\bsrc="([^"]*)"/gi)].map((m) => decodeAttr(m[1]));
}

/**
 * Rewrites image addresses of sanitized rich text (stored file references to signed links on the
 * way out, signed links to stored references on the way in); `map` answers the new address, or
 * null to drop the image.
 */
export async function mapRichTextImages(html: string, map: (src: string) => Promise<string | null> | string | null): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/gi)];
  if (!tags.length) return html;
  const out: string[] = [];
  let at = 0;
  for (const m of tags) {
    out.push(html.slice(at, m.index));
    at = m.index + m[0].length;
    const src = /\bsrc="([^"]*)"/i.exec(m[0]);
    const next = src ? await map(decodeAttr(src[1])) : null;
    if (next !== null && src) out.push(m[0].replace(src[0], `src="${encodeAttr(next)}"`));
  }
  out.push(html.slice(at));
  return out.join('');
}

const decodeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encodeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
