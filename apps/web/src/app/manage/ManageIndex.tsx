import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, List, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardRoutes, PERMISSION_TREE, walkPermissionTree, type DashboardCard } from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { builtinText } from '../../platform/builtin';
import type { DashboardCardView } from '../../platform/dashboard';
import { asButton } from '../../platform/dom';
import { formatTime } from '../../platform/format';
import { can } from '../../platform/permission';
import { useSession } from '../../platform/session';

/**
 * Each module's cards (`modules/<d>/dashboard-cards.ts`), by the key the server answers. Loaded
 * on demand: imported statically, the bundler would put them in a chunk that imports this one back.
 */
const CARD_MODULES = import.meta.glob<{ default: DashboardCardView[] }>('../../modules/*/dashboard-cards.ts');
const loadViews = async () => new Map((await Promise.all(Object.values(CARD_MODULES).map((load) => load()))).flatMap((m) => m.default).map((v) => [v.key, v] as const));
const SHORTCUTS = 8;
const NO_VIEWS: ReadonlyMap<string, DashboardCardView> = new Map();

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The management pages the user holds, in menu order: the first few are the home's shortcuts. */
function heldPages(granted: readonly string[]): { code: string; path: string }[] {
  const out: { code: string; path: string }[] = [];
  walkPermissionTree(PERMISSION_TREE.manage, (n) => {
    if (n.path && can(granted, [n.code])) out.push({ code: n.code, path: n.path });
  });
  return out;
}

function CardView({ card, held, views }: { card: DashboardCard; held: ReadonlySet<string>; views: ReadonlyMap<string, DashboardCardView> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = views.get(card.key);
  const title = t(view?.titleKey ?? `dashboard.${card.key}`);
  const path = view?.path && held.has(view.path) ? `/dashboard/${view.path}` : null;
  const open = path ? () => void navigate(path) : undefined;
  if (card.kind === 'count')
    return (
      <Card size="small" hoverable={!!open} {...asButton(open)} data-testid={`dashboard-card-${card.key}`}>
        <Statistic title={title} value={card.value} />
      </Card>
    );
  return (
    <Card
      size="small"
      title={title}
      data-testid={`dashboard-card-${card.key}`}
      extra={
        open ? (
          <Button type="link" size="small" onClick={open}>
            {t('dashboard.more')}
          </Button>
        ) : null
      }
    >
      {card.items.length ? (
        <List
          size="small"
          dataSource={card.items}
          renderItem={(i) => (
            <List.Item key={i.id}>
              {/* Title and detail on the left, the time on the right, never run together. */}
              <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 16, width: '100%' }} data-testid="dashboard-list-item">
                <span>
                  {builtinText(t, i.title)}
                  {i.detail ? <Typography.Text type="secondary"> · {i.detail}</Typography.Text> : null}
                </span>
                <Typography.Text type="secondary">{formatTime(i.time)}</Typography.Text>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** The management home: a welcome, the figures of each module the user may see, and shortcuts. */
export default function ManageIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const online = useSession((s) => s.onlineSeconds);
  const granted = useSession((s) => s.operateAuth);
  const cards = useQuery({ queryKey: ['dashboard'], queryFn: () => call(dashboardRoutes.cards, {}) });
  const views = useQuery({ queryKey: ['dashboard', 'views'], queryFn: loadViews, staleTime: Infinity }).data ?? NO_VIEWS;
  const counts = (cards.data?.cards ?? []).filter((c) => c.kind === 'count');
  const lists = (cards.data?.cards ?? []).filter((c) => c.kind === 'list');
  const pages = useMemo(() => heldPages(granted), [granted]);
  const held = useMemo(() => new Set(pages.map((p) => p.path)), [pages]);
  const shortcuts = pages.slice(0, SHORTCUTS);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="manage-index">
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('manageIndex.welcome', { name: builtinText(t, user?.realname) || user?.username || '' })}
        </Typography.Title>
        <Descriptions column={1}>
          <Descriptions.Item label={t('manageIndex.roles')}>{user?.authorities.map((r) => builtinText(t, r)).join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('manageIndex.online')}>
            <span data-testid="online-time">{clock(online)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {counts.length ? (
        <Row gutter={[16, 16]}>
          {counts.map((c) => (
            <Col key={c.key} xs={12} md={8} xl={4}>
              <CardView card={c} held={held} views={views} />
            </Col>
          ))}
        </Row>
      ) : null}
      <Row gutter={[16, 16]}>
        {lists.map((c) => (
          <Col key={c.key} xs={24} xl={12}>
            <CardView card={c} held={held} views={views} />
          </Col>
        ))}
        {shortcuts.length ? (
          <Col xs={24} xl={12}>
            <Card size="small" title={t('dashboard.shortcuts')} data-testid="dashboard-shortcuts">
              <Space wrap>
                {shortcuts.map((s) => (
                  <Button key={s.code} onClick={() => void navigate(`/dashboard/${s.path}`)} data-testid={`shortcut-${s.code}`}>
                    {t(`perm.${s.code}`)}
                  </Button>
                ))}
              </Space>
            </Card>
          </Col>
        ) : null}
      </Row>
    </Space>
  );
}
