import type { ReactNode } from 'react';
import { Empty, Spin, theme } from 'antd';
import { Link } from 'react-router';
import { Panel } from './Panel';

export interface HomeListItem {
  key: string | number;
  title: ReactNode;
  /** Where the title leads. */
  to: string;
  /** A line of facts under the title (tags, times, figures). */
  meta?: ReactNode;
  /** 0–100: a thin bar under the meta line. */
  progress?: number;
}

/**
 * A box of the portal home: a few items with a "more" link, or an empty state that says what to do
 * next (and links there). Plain markup, so the portal's first load pulls no List or Card.
 */
export function HomeList(props: {
  testId: string;
  title: ReactNode;
  more: { to: string; text: ReactNode };
  loading: boolean;
  items: HomeListItem[];
  empty: { text: ReactNode; action: { to: string; text: ReactNode } };
}) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`;
  return (
    <Panel
      title={props.title}
      data-testid={props.testId}
      extra={
        props.items.length ? (
          <Link to={props.more.to} data-testid={`${props.testId}-more`}>
            {props.more.text}
          </Link>
        ) : null
      }
    >
      <Spin spinning={props.loading}>
        {props.items.length ? (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {props.items.map((it, i) => (
              <li
                key={it.key}
                data-testid={`${props.testId}-item`}
                style={{ padding: `${token.paddingXS}px 0`, borderBlockEnd: i < props.items.length - 1 ? line : undefined, overflowWrap: 'anywhere' }}
              >
                <Link to={it.to} style={{ fontWeight: token.fontWeightStrong }}>
                  {it.title}
                </Link>
                {it.meta ? <div style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM, marginBlockStart: 2 }}>{it.meta}</div> : null}
                {it.progress !== undefined ? (
                  <div
                    role="progressbar"
                    aria-valuenow={it.progress}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    style={{ height: 4, borderRadius: 2, background: token.colorFillSecondary, marginBlockStart: 6 }}
                  >
                    <div style={{ width: `${Math.max(0, Math.min(100, it.progress))}%`, height: '100%', borderRadius: 2, background: token.colorPrimary }} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty.text} data-testid={`${props.testId}-empty`}>
            <Link to={props.empty.action.to} data-testid={`${props.testId}-empty-action`}>
              {props.empty.action.text}
            </Link>
          </Empty>
        )}
      </Spin>
    </Panel>
  );
}
