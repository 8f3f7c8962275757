import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../platform/format';
import { useSession } from '../../../platform/session';
import { getStudentInfo } from '../../student/api';
import { findMyNotices } from '../api';

/** Student portal home: greeting, study figures when available, released notices. */
export default function PortalHomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [page, setPage] = useState(1);
  const notices = useQuery({ queryKey: ['notice', 'my', page], queryFn: () => findMyNotices({ page, size: 10 }) });
  const info = useQuery({ queryKey: ['student', 'info'], queryFn: getStudentInfo });
  return (
    <Row gutter={16}>
      <Col xs={24} md={16}>
        <Card title={t('portal.notices')} data-testid="portal-notices">
          <List
            loading={notices.isFetching}
            dataSource={notices.data?.records ?? []}
            locale={{ emptyText: <Empty description={t('portal.noNotices')} /> }}
            pagination={
              (notices.data?.total ?? 0) > 10
                ? { current: page, pageSize: 10, total: notices.data?.total ?? 0, onChange: setPage }
                : false
            }
            renderItem={(n) => (
              <List.Item data-testid="portal-notice-item">
                <List.Item.Meta
                  avatar={n.coverUrl ? <img src={n.coverUrl} alt="" style={{ width: 96, height: 54, objectFit: 'cover' }} /> : undefined}
                  title={
                    <Link to={`/portal/notice/${n.id}`} data-testid="portal-notice-title">
                      {n.title}
                    </Link>
                  }
                  description={
                    <>
                      <Tag>{t(`notice.type_${n.type}`)}</Tag>
                      {formatTime(n.displayTime)}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={t('portal.welcome', { name: user?.realname || user?.username || '' })}>
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
        </Card>
      </Col>
    </Row>
  );
}
