import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import type { CertificateFieldPosition, CertificateLayout } from '@hanlin/shared';

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
  background: { bytes: Buffer; mime: string } | null;
  values: { name: string; source: string; date: string; number: string };
}

function hexColor(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/**
 * One certificate as a PDF. The font is subset to the printed characters with harfbuzz first
 * without layout closure (pdf-lib's own subsetting drops CJK glyphs of this font), ligatures
 * off ("fi" would gap).
 * Positions are in PDF points from the page's top-left; y is the top of the text.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { layout, values, pageWidth: w, pageHeight: h } = input;
  const texts: [CertificateFieldPosition, string][] = [
    [layout.name, values.name],
    [layout.source, values.source],
    [layout.date, values.date],
    [layout.number, values.number],
  ];
  if (layout.extra) texts.push([layout.extra, layout.extra.text]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${values.source} ${values.number}`);
  doc.setCreator('Hanlin');
  const page = doc.addPage([w, h]);
  if (input.background) {
    const img = input.background.mime === 'image/png' ? await doc.embedPng(input.background.bytes) : await doc.embedJpg(input.background.bytes);
    page.drawImage(img, { x: 0, y: 0, width: w, height: h });
  }
  const chars = [...new Set(texts.map(([, t]) => t).join(''))].join('') || ' ';
  // No layout closure: with alternates in the subset, fontkit picked fraction digits ("2 0 2 6").
  const sub = await subsetFont(await loadFont(), chars, { targetFormat: 'truetype', noLayoutClosure: true });
  const font: PDFFont = await doc.embedFont(sub, { subset: false, features: { liga: false, rlig: false, calt: false } });
  for (const [pos, text] of texts) {
    if (!text) continue;
    const width = font.widthOfTextAtSize(text, pos.fontSize);
    const x = pos.align === 'center' ? pos.x - width / 2 : pos.x;
    // pdf-lib draws from the baseline, counted from the bottom.
    const y = h - pos.y - font.heightAtSize(pos.fontSize, { descender: false });
    page.drawText(text, { x, y, size: pos.fontSize, font, color: hexColor(pos.color) });
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
    const marker = buf[i + 1]!;
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
