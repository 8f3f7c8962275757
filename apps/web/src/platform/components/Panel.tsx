import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A titled box laid out as antd's bordered Card (same border, radius, head and padding), in
 * plain markup: Card imports Tabs and Skeleton, which a first load that shows only boxes (the
 * student portal) would otherwise download for nothing.
 */
export function Panel({ title, extra, children, 'data-testid': testId }: { title?: ReactNode; extra?: ReactNode; children?: ReactNode; 'data-testid'?: string }) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section data-testid={testId} style={{ background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG, color: token.colorText }}>
      {title ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            borderBlockEnd: border,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
          }}
        >
          <div style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{title}</div>
          {extra ? <div style={{ marginInlineStart: token.margin, fontSize: token.fontSize, fontWeight: 'normal' }}>{extra}</div> : null}
        </div>
      ) : null}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
