declare module 'subset-font' {
  /** harfbuzz-based subsetting (npm `subset-font`); returns the subset font in the target format. */
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt'; noLayoutClosure?: boolean }): Promise<Buffer>;
}
