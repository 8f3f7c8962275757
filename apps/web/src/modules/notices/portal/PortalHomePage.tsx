import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Spin, Statistic, Tag, theme } from 'antd';
import type { NoticePublic } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../../platform/components/Panel';
import { formatTime } from '../../../platform/format';
import { useSession } from '../../../platform/session';
import { getStudentInfo } from '../../student/index';
import { findMyNotices } from '../api';
import { BannerCarousel, findCurrentBanners } from '../../banners/index';
import { useCan } from '../../../platform/permission';
import { HomeCourses } from '../../learning/index';
import { HomeExams } from '../../exams/index';
import { HomeAssignments } from '../../assignments/index';

const PAGE_SIZE = 10;
/** Pagination brings Select (page size changer) with it; only fetched once there is a second page. */
const Pagination = lazy(() => import('antd/es/pagination'));

/**
 * One notice row laid out as antd's List.Item with Meta (same spacing, colours and divider),
 * in plain markup: List always imports Pagination and with it Select, which the portal's first
 * load would otherwise download for nothing.
 */
function NoticeItem({ n, divider }: { n: NoticePublic; divider: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <li
      data-testid="portal-notice-item"
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        padding: `${token.paddingContentVertical}px 0`,
        borderBlockEnd: divider ? `${token.lineWidth}px ${token.lineType} ${token.colorSplit}` : undefined,
        color: token.colorText,
      }}
    >
      {n.coverUrl ? (
        <div style={{ marginInlineEnd: token.padding }}>
          <img src={n.coverUrl} alt="" style={{ width: 96, height: 54, objectFit: 'cover' }} />
        </div>
      ) : null}
      <div style={{ flex: '1 0', width: 0, lineHeight: token.lineHeight }}>
        <h4 style={{ margin: `0 0 ${token.marginXXS}px 0`, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
          <Link to={`/portal/notice/${n.id}`} data-testid="portal-notice-title" className="hl-notice-link">
            {n.title}
          </Link>
        </h4>
        <div style={{ color: token.colorTextDescription }}>
          {n.pinned ? (
            <Tag color="red" data-testid="portal-notice-pinned">
              {t('notice.pinned')}
            </Tag>
          ) : null}
          <Tag>{t(`notice.type_${n.type}`)}</Tag>
          {formatTime(n.displayTime)}
        </div>
      </div>
    </li>
  );
}

/**
 * Student portal home: the banner carousel; what is mine to do (courses in progress, exams now and
 * next, assignments due: each with an empty state that says what to do); greeting and figures; notices.
 */
export default function PortalHomePage() {
  const { t } = useTranslation();
  const learns = useCan('kc-pc');
  const user = useSession((s) => s.user);
  const [page, setPage] = useState(1);
  const notices = useQuery({ queryKey: ['notice', 'my', page], queryFn: () => findMyNotices({ page, size: PAGE_SIZE }) });
  const info = useQuery({ queryKey: ['student', 'info'], queryFn: getStudentInfo });
  const banners = useQuery({ queryKey: ['banner', 'current'], queryFn: findCurrentBanners, staleTime: 60_000 });
  const records = notices.data?.records ?? [];
  const total = notices.data?.total ?? 0;
  const paged = total > PAGE_SIZE;
  return (
    <Row gutter={16}>
      {banners.data?.length ? (
        <Col span={24}>
          <Suspense fallback={<div style={{ aspectRatio: '16 / 5', minHeight: 120, marginBlockEnd: 16 }} />}>
            <BannerCarousel banners={banners.data} />
          </Suspense>
        </Col>
      ) : null}
      {learns ? (
        <>
          <Col xs={24} md={8} style={{ marginBlockEnd: 16 }}>
            <HomeCourses />
          </Col>
          <Col xs={24} md={8} style={{ marginBlockEnd: 16 }}>
            <HomeAssignments />
          </Col>
        </>
      ) : null}
      <Col xs={24} md={8} style={{ marginBlockEnd: 16 }}>
        <HomeExams />
      </Col>
      <Col xs={24} md={16} style={{ marginBlockEnd: 16 }}>
        <Panel title={t('portal.notices')} data-testid="portal-notices">
          <Spin spinning={notices.isFetching}>
            {records.length ? (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {records.map((n, i) => (
                  <NoticeItem key={n.id} n={n} divider={paged || i < records.length - 1} />
                ))}
              </ul>
            ) : (
              <div style={{ padding: 16, textAlign: 'center' }}>
                <Empty description={t('portal.noNotices')} />
              </div>
            )}
          </Spin>
          {paged ? (
            <Suspense fallback={<div style={{ height: 32, marginBlockStart: 24 }} />}>
              <div style={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 24 }}>
                <Pagination current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} />
              </div>
            </Suspense>
          ) : null}
        </Panel>
      </Col>
      <Col xs={24} md={8}>
        <Panel title={t('portal.welcome', { name: user?.realname || user?.username || '' })}>
          {info.data ? (
            <Row gutter={8}>
              <Col span={12}>
                <Statistic title={t('portal.signDays')} value={info.data.signDays} />
              </Col>
              <Col span={12}>
                <Statistic title={t('portal.exp')} value={info.data.exp} suffix={`/ ${info.data.nextExp}`} />
              </Col>
            </Row>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('status.comingSoon')} />
          )}
        </Panel>
      </Col>
    </Row>
  );
}
