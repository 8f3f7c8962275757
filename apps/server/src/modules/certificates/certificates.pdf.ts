import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CERTIFICATE_WORDING, type CertificateFieldPosition, type CertificateLanguage, type CertificateLayout } from '@hanlin/shared';

const require = createRequire(import.meta.url);
/** harfbuzz-based subsetting (npm `subset-font`, CommonJS and untyped); returns the subset font in the target format. */
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options?: { targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt'; noLayoutClosure?: boolean },
) => Promise<Buffer>;
const FONT_PATH = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fullFont: Promise<Buffer> | undefined;
/** The full Noto Sans SC (~10 MB), read once per process. */
const loadFont = () => (fullFont ??= fs.readFile(FONT_PATH).catch((e) => ((fullFont = undefined), Promise.reject(e))));

export interface CertificatePdfInput {
  pageWidth: number;
  pageHeight: number;
  layout: CertificateLayout;
  language: CertificateLanguage;
  /** The template's image; null: the default design (a framed page with ornaments and the connecting words). */
  background: { bytes: Buffer; mime: string } | null;
  values: { name: string; source: string; date: string; number: string; authority: string };
}

function hexColor(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const GOLD = rgb(0.72, 0.59, 0.24);
const DEEP_GOLD = rgb(0.55, 0.43, 0.12);
const PAPER = rgb(1, 0.992, 0.96);
const GREY = rgb(0.35, 0.35, 0.35);
/** A five-pointed star of radius 1 around the origin (SVG coordinates: y downwards). */
const STAR =
  Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? 0.42 : 1;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${i ? 'L' : 'M'}${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
  }).join(' ') + ' Z';

/** The default design's paper: a cream page, a double gold frame, corner ornaments and a seal. */
function drawFrame(page: PDFPage, w: number, h: number, seal: { x: number; y: number } | null) {
  page.drawRectangle({ x: 0, y: 0, width: w, height: h, color: PAPER });
  page.drawRectangle({ x: 16, y: 16, width: w - 32, height: h - 32, borderColor: GOLD, borderWidth: 4 });
  page.drawRectangle({ x: 27, y: 27, width: w - 54, height: h - 54, borderColor: GOLD, borderWidth: 1 });
  // Corners: a diamond on the inner frame with a quarter ring around it.
  for (const [cx, cy] of [
    [27, 27],
    [w - 27, 27],
    [27, h - 27],
    [w - 27, h - 27],
  ] as const) {
    page.drawCircle({ x: cx, y: cy, size: 16, borderColor: GOLD, borderWidth: 1 });
    page.drawSvgPath('M0 -9 L9 0 L0 9 L-9 0 Z', { x: cx, y: cy, color: DEEP_GOLD });
  }
  if (seal) {
    page.drawCircle({ x: seal.x, y: seal.y, size: 40, color: rgb(0.98, 0.95, 0.86), borderColor: GOLD, borderWidth: 3 });
    page.drawCircle({ x: seal.x, y: seal.y, size: 33, borderColor: GOLD, borderWidth: 1 });
    page.drawSvgPath(STAR, { x: seal.x, y: seal.y, scale: 20, color: DEEP_GOLD });
  }
}

/** The largest size up to `size` at which `text` fits `maxWidth` (at least 8 pt). */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number) {
  const width = font.widthOfTextAtSize(text, size);
  return width <= maxWidth ? size : Math.max(8, Math.floor((size * maxWidth) / width));
}

/**
 * One certificate as a PDF. The font is subset to the printed characters with harfbuzz first
 * without layout closure (pdf-lib's own subsetting drops CJK glyphs of this font), ligatures
 * off ("fi" would gap).
 * Positions are in PDF points from the page's top-left; y is the top of the text. Without a
 * background the default design is drawn: frame, ornaments, a seal, "this is to certify that"
 * above the name, "has completed" above the source, and the date, number and authority labelled.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { layout, values, pageWidth: w, pageHeight: h } = input;
  const words = CERTIFICATE_WORDING[input.language];
  const plain = !input.background;
  const label = (prefix: string, text: string) => (plain ? prefix + text : text);
  const texts: [CertificateFieldPosition, string][] = [
    [layout.name, values.name],
    [layout.source, values.source],
    [layout.date, label(words.date, values.date)],
    [layout.number, label(words.number, values.number)],
  ];
  if (layout.title) texts.push([layout.title, words.title]);
  if (layout.authority) texts.push([layout.authority, label(words.authority, values.authority)]);
  if (layout.extra) texts.push([layout.extra, layout.extra.text]);
  if (plain) {
    // The connecting words sit above the field they introduce, in the same alignment.
    const above = (pos: CertificateFieldPosition, gap: number): CertificateFieldPosition => ({ ...pos, y: Math.max(0, pos.y - gap), fontSize: 15, color: '#595959' });
    texts.push([above(layout.name, 30), words.certifies], [above(layout.source, 30), words.achieved]);
  }
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${values.source} ${values.number}`);
  doc.setCreator('Hanlin');
  const page = doc.addPage([w, h]);
  if (input.background) {
    const img = input.background.mime === 'image/png' ? await doc.embedPng(input.background.bytes) : await doc.embedJpg(input.background.bytes);
    page.drawImage(img, { x: 0, y: 0, width: w, height: h });
  } else {
    // The seal stands between the date and the authority when both are on the bottom line, else bottom centre.
    const bottom = layout.authority ? Math.max(layout.authority.y, layout.date.y) : layout.date.y;
    drawFrame(page, w, h, { x: w / 2, y: Math.max(80, h - bottom - 10) });
  }
  const chars = [...new Set(texts.map(([, t]) => t).join(''))].join('') || ' ';
  // No layout closure: with alternates in the subset, fontkit picked fraction digits ("2 0 2 6").
  const sub = await subsetFont(await loadFont(), chars, { targetFormat: 'truetype', noLayoutClosure: true });
  const font: PDFFont = await doc.embedFont(sub, { subset: false, features: { liga: false, rlig: false, calt: false } });
  const margin = plain ? 48 : 16;
  for (const [pos, text] of texts) {
    if (!text) continue;
    // A long course or exam title shrinks to stay on the page.
    const room = pos.align === 'center' ? 2 * Math.min(pos.x, w - pos.x) - 2 * margin : w - pos.x - margin;
    const size = fitSize(font, text, pos.fontSize, Math.max(room, 40));
    const width = font.widthOfTextAtSize(text, size);
    const x = pos.align === 'center' ? pos.x - width / 2 : pos.x;
    // pdf-lib draws from the baseline, counted from the bottom.
    const y = h - pos.y - font.heightAtSize(size, { descender: false });
    page.drawText(text, { x, y, size, font, color: hexColor(pos.color) });
    if (plain && pos === layout.authority) {
      // A signature line above the authority.
      const half = Math.max(width / 2, 80);
      const lineY = h - pos.y + 8;
      page.drawLine({ start: { x: pos.x - half, y: lineY }, end: { x: pos.x + half, y: lineY }, thickness: 0.8, color: GREY });
    }
  }
  if (plain && layout.title) {
    // A rule with a diamond under the title.
    const t = layout.title;
    const y = h - t.y - t.fontSize * 1.55;
    page.drawLine({ start: { x: t.x - 110, y }, end: { x: t.x - 12, y }, thickness: 1, color: GOLD });
    page.drawLine({ start: { x: t.x + 12, y }, end: { x: t.x + 110, y }, thickness: 1, color: GOLD });
    page.drawSvgPath('M0 -5 L5 0 L0 5 L-5 0 Z', { x: t.x, y, color: DEEP_GOLD });
  }
  return Buffer.from(await doc.save());
}

/** Pixel size of a PNG or JPEG, read from its header; null when it cannot be read. */
export function imageSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47) return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1];
    const len = buf.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

/** Page size in points for a background: its proportions, the longer side 842 pt (A4). */
export function pageSizeFor(size: { width: number; height: number } | null): { width: number; height: number } {
  if (!size || size.width <= 0 || size.height <= 0) return { width: 842, height: 595 };
  const scale = 842 / Math.max(size.width, size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}
