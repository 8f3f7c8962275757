import { theme } from 'antd';

/**
 * Rich text as the server stored it (sanitized there: no scripts, handlers or unsafe URLs), shown
 * as formatted text; images fit the width, so it reads on a 390 px phone too.
 */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <>
      <style>{`.hl-rich-text{overflow-wrap:anywhere;line-height:${token.lineHeight}}.hl-rich-text img{max-width:100%;height:auto}.hl-rich-text blockquote{margin:0 0 1em;padding-inline-start:12px;border-inline-start:3px solid ${token.colorBorder};color:${token.colorTextSecondary}}.hl-rich-text pre{white-space:pre-wrap}`}</style>
      <div className="hl-rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
