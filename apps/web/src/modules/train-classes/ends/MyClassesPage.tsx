import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyTrainClassRow } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { myHeadmasterClasses, myLecturerClasses } from '../api';
import { DisplayStateTag, placeOf } from '../components/meta';

const SIZE = 10;

/**
 * "Training management" of an end: the classes I am the class teacher of (`headmaster`) or where I
 * teach a stage (`lecturer`, with my stages), newest first; a class opens its workspace.
 */
export function MyClassesList({ role, base, titleKey = 'ends.training', size = SIZE }: { role: 'headmaster' | 'lecturer'; base: string; titleKey?: string; size?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['trainClass', 'ends', role, page, size, keyword],
    queryFn: () => (role === 'headmaster' ? myHeadmasterClasses : myLecturerClasses)({ page, size, keyword: keyword || undefined }),
  });
  return (
    <Card title={t(titleKey)} data-testid={`my-classes-${role}`}>
      <Input.Search
        allowClear
        placeholder={t('common.keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="my-classes-search"
      />
      <List<MyTrainClassRow>
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={q.data && q.data.total > size ? { current: page, pageSize: size, total: q.data.total, onChange: setPage, size: 'small' } : false}
        renderItem={(c) => (
          <List.Item data-testid="my-class-row">
            <List.Item.Meta
              title={
                <Space wrap>
                  <Link to={`${base}/${c.id}`}>{c.name}</Link>
                  <DisplayStateTag state={c.displayState} />
                  <Tag>{t(`trainClasses.mode_${c.mode}`)}</Tag>
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  <span>
                    {formatTime(c.startAt)} – {formatTime(c.endAt)} · {t('trainClasses.seats')} {c.seatsTaken}/{c.traineeQuota}
                  </span>
                  {role === 'lecturer'
                    ? c.stages.map((s) => (
                        <Typography.Text key={s.id} type="secondary" data-testid="my-class-stage">
                          {formatTime(s.startsAt)} {s.name} {placeOf(s)}
                        </Typography.Text>
                      ))
                    : null}
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** `/class-teacher/training`: my classes as class teacher. */
export function HeadmasterClassesPage() {
  return <MyClassesList role="headmaster" base="/class-teacher/training" />;
}

/** `/lecturer/training`: the classes where I teach. */
export function LecturerClassesPage() {
  return <MyClassesList role="lecturer" base="/lecturer/training" />;
}

/** `/class-teacher` home: my latest classes as class teacher. */
export function HeadmasterHomePage() {
  return <MyClassesList role="headmaster" base="/class-teacher/training" titleKey="trainClasses.myLatest" size={5} />;
}

/** `/lecturer` home: the latest classes where I teach, with my stages. */
export function LecturerHomePage() {
  return <MyClassesList role="lecturer" base="/lecturer/training" titleKey="trainClasses.myLatest" size={5} />;
}
