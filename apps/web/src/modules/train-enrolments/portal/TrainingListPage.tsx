import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, List, Pagination, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TRAIN_CLASS_MODES, oneOf, type TrainCatalogRow } from '@hanlin/shared';
import { findTrainCatalog } from '../api';
import { ClassDisplayTag, EnrolmentStateTag, when } from '../components/enrolment-meta';

const SIZE = 12;

function ClassItem({ c }: { c: TrainCatalogRow }) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid="training-item" style={{ flexWrap: 'wrap', gap: 8 }}>
      <Space align="start" style={{ flex: '1 1 240px', minWidth: 0 }}>
        <TeamOutlined style={{ fontSize: 32, color: '#2f54eb' }} />
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Link to={`/portal/training/${c.id}`} data-testid="training-link">
            <Typography.Text strong>{c.name}</Typography.Text>
          </Link>
          <div>
            <Space wrap size={4}>
              <ClassDisplayTag state={c.displayState} />
              <Tag>{t(`trainEnrolments.mode_${c.mode}`)}</Tag>
              {c.myState && <EnrolmentStateTag state={c.myState} />}
              {c.enrolWindow === 'open' && <Tag color="green">{t('trainEnrolments.windowOpen')}</Tag>}
            </Space>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {when(c.startAt)} – {when(c.endAt)} · {t('trainEnrolments.seatsOf', { taken: c.seats.taken, total: c.seats.total })}
          </Typography.Text>
        </div>
      </Space>
    </List.Item>
  );
}

/** Portal "training": published classes with seats and my state; the header search lands here with `?keyword=`. */
export default function TrainingListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? undefined;
  const mode = oneOf(TRAIN_CLASS_MODES, params.get('mode'), undefined);
  const page = Number(params.get('page')) || 1;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (!v) next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const list = useQuery({ queryKey: ['trainEnrolment', 'catalog', keyword, mode, page], queryFn: () => findTrainCatalog({ page, size: SIZE, keyword, mode }) });
  return (
    <Card title={t('portal.training')} data-testid="training-list-page" styles={{ body: { padding: 12 } }}>
      <Space orientation="vertical" style={{ width: '100%' }} size={8}>
        <Input.Search
          allowClear
          data-testid="training-search"
          defaultValue={keyword}
          key={keyword ?? ''}
          placeholder={t('trainEnrolments.searchPlaceholder')}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
        <div style={{ overflowX: 'auto' }}>
          <Segmented
            size="small"
            value={mode ?? ''}
            data-testid="training-mode-filter"
            options={[{ value: '', label: t('trainEnrolments.all') }, ...TRAIN_CLASS_MODES.map((m) => ({ value: m, label: t(`trainEnrolments.mode_${m}`) }))]}
            onChange={(v) => set({ mode: v || undefined })}
          />
        </div>
        {list.isLoading ? (
          <Spin />
        ) : !list.data?.records.length ? (
          <Empty description={t('trainEnrolments.noClasses')} />
        ) : (
          <>
            <List dataSource={list.data.records} rowKey="id" renderItem={(c) => <ClassItem c={c} />} />
            {list.data.total > SIZE && <Pagination size="small" current={page} pageSize={SIZE} total={list.data.total} onChange={(p) => set({ page: String(p) })} />}
          </>
        )}
      </Space>
    </Card>
  );
}
