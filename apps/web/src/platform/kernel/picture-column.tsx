import type { ColumnSpec } from './types';

/**
 * A list column showing each row's picture (`url`; nothing without one) cropped to fill `look.width` × `look.height`
 * (corners rounded by `look.radius`), in a column `look.column` wide.
 */
export function pictureColumn<R>(
  key: keyof R & string,
  titleKey: string,
  url: (r: R) => string | null,
  look: { width: number; height: number; radius?: number; column: number },
): ColumnSpec<R> {
  return {
    key,
    titleKey,
    width: look.column,
    render: (r) => {
      const src = url(r);
      return src ? <img src={src} alt="" style={{ width: look.width, height: look.height, objectFit: 'cover', borderRadius: look.radius }} /> : null;
    },
  };
}
