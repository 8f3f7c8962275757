import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainExamResult } from '@hanlin/shared';
import { useCan } from '../../../platform/permission';
import { usePageTitle } from '../../../platform/page-title';
import { useDebounced } from '../../../platform/useDebounced';
import { findExamChoices, getExamResults, linkExams } from '../api';
import { ClassSelect, useClassParam } from '../components/ClassSelect';

type Row = TrainExamResult['rows'][number];

function ExamResults({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useCan('pxjgsp:modify');
  const key = ['trainExamResults', classId];
  const q = useQuery({ queryKey: key, queryFn: () => getExamResults({ classId }) });
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const choices = useQuery({ queryKey: ['trainExamChoices', debounced], queryFn: () => findExamChoices(debounced || undefined), enabled: may });
  const [picked, setPicked] = useState<number[] | null>(null);
  const data = q.data;
  if (!data) return <Card loading />;
  const linked = picked ?? data.exams.map((e) => e.id);
  const options = [...data.exams, ...(choices.data ?? []).filter((c) => !data.exams.some((e) => e.id === c.id))].map((e) => ({ value: e.id, label: e.name }));
  const save = async () => {
    client.setQueryData(key, await linkExams({ classId, examIds: linked }));
    setPicked(null);
  };
  return (
    <Card data-testid="train-exam-results">
      {may && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select<number[]>
            mode="multiple"
            value={linked}
            onChange={setPicked}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            options={options}
            style={{ minWidth: 360 }}
            placeholder={t('trainResults.linkExams')}
            data-testid="train-exam-link-select"
          />
          <Button type="primary" disabled={picked === null} onClick={() => void save()} data-testid="train-exam-link-save">
            {t('common.save')}
          </Button>
        </Space>
      )}
      <Table<Row>
        rowKey="userId"
        size="small"
        dataSource={data.rows}
        scroll={{ x: true }}
        columns={[
          { key: 'name', title: t('trainResults.trainee'), render: (_, r) => `${r.realname} (${r.username})` },
          { key: 'org', title: t('trainResults.org'), dataIndex: 'orgName' },
          ...data.exams.map((e, i) => ({ key: `e${e.id}`, title: e.name, render: (_: unknown, r: Row) => <span data-testid="train-exam-best">{r.best[i] ?? '–'}</span> })),
        ]}
      />
    </Card>
  );
}

/** manage-exam-result (pxjgsp): exams linked to a class and each trainee's best score in them. */
export default function ExamResultPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.manage-exam-result'));
  const [classId, setClassId] = useClassParam();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <ClassSelect value={classId} onChange={setClassId} />
      </Card>
      {classId ? <ExamResults key={classId} classId={classId} /> : <Empty description={t('trainResults.pickClass')} />}
    </Space>
  );
}
