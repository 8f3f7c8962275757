import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface NavItem {
  position: number;
  answered: boolean;
  flagged: boolean;
}

/** White on each, or each on white, at least 5:1 (WCAG AA). */
const COLORS = { current: '#1f5fbf', flagged: '#ad4e00', answered: '#237804' };

/** The numbers of the sheet's questions, coloured answered / flagged / current; a click jumps to the question. */
export function NavPanel({ items, current, onJump }: { items: readonly NavItem[]; current: number; onJump: (position: number) => void }) {
  const { t } = useTranslation();
  const answered = items.filter((i) => i.answered).length;
  return (
    <div data-testid="nav-panel">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('examTaking.progress', { answered, total: items.length })}
      </Typography.Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))', gap: 6, margin: '8px 0' }}>
        {items.map((it, i) => {
          const state = it.position === current ? 'current' : it.flagged ? 'flagged' : it.answered ? 'answered' : 'unanswered';
          const color = state === 'unanswered' ? undefined : COLORS[state];
          return (
            <Button
              key={it.position}
              size="small"
              data-testid={`nav-${it.position}`}
              data-state={state}
              data-answered={it.answered}
              data-flagged={it.flagged}
              aria-current={state === 'current'}
              aria-label={t('examTaking.jumpTo', { n: i + 1 })}
              onClick={() => onJump(it.position)}
              style={{
                padding: 0,
                borderColor: color,
                color: state === 'current' || (state === 'answered' && !it.flagged) ? '#fff' : color,
                background: state === 'current' ? COLORS.current : state === 'answered' ? COLORS.answered : undefined,
                // A ring, not an outline: the outline is the keyboard focus ring.
                boxShadow: it.flagged && state !== 'flagged' ? `0 0 0 2px ${COLORS.flagged}` : undefined,
              }}
            >
              {i + 1}
            </Button>
          );
        })}
      </div>
      <Space size={12} wrap style={{ fontSize: 12 }}>
        {(['answered', 'flagged', 'current'] as const).map((k) => (
          <span key={k}>
            <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: COLORS[k], marginInlineEnd: 4 }} />
            {t(`examTaking.legend_${k}`)}
          </span>
        ))}
      </Space>
    </div>
  );
}
