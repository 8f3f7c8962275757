import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainSurveySetup } from '@hanlin/shared';
import { usePageTitle } from '../../../platform/page-title';
import { useDebounced } from '../../../platform/useDebounced';
import { findTemplateChoices, getSurveySetup, setSurvey } from '../api';
import { ClassSelect, useClassParam } from '../components/ClassSelect';

type Ref = TrainSurveySetup['classSurvey'];
interface Line {
  key: string;
  lecturerId: number | null;
  who: string;
  survey: Ref;
}

function Setup({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['trainSurveySetup', classId];
  const q = useQuery({ queryKey: key, queryFn: () => getSurveySetup({ classId }) });
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const templates = useQuery({ queryKey: ['trainTemplateChoices', debounced], queryFn: () => findTemplateChoices(debounced || undefined) });
  if (!q.data) return <Card loading />;
  const setup = q.data;
  const lines: Line[] = [
    { key: 'class', lecturerId: null, who: t('trainResults.wholeClass'), survey: setup.classSurvey },
    ...setup.lecturers.map((l) => ({ key: `l${l.lecturerId}`, lecturerId: l.lecturerId, who: l.lecturerName, survey: l.survey })),
  ];
  const pick = async (line: Line, questionnaireId: number | null) => client.setQueryData(key, await setSurvey({ classId, lecturerId: line.lecturerId, questionnaireId }));
  const options = (current: Ref) => [
    ...(current?.questionnaireId && !(templates.data ?? []).some((x) => x.id === current.questionnaireId) ? [{ value: current.questionnaireId, label: current.title }] : []),
    ...(templates.data ?? []).map((x) => ({ value: x.id, label: x.name })),
  ];
  return (
    <Card data-testid="train-survey-setup">
      <Table<Line>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={lines}
        scroll={{ x: true }}
        columns={[
          { key: 'who', title: t('trainResults.surveyFor'), dataIndex: 'who' },
          {
            key: 'template',
            title: t('trainResults.template_questionnaire'),
            render: (_, line) =>
              setup.canModify && !line.survey?.responses ? (
                <Select<number>
                  allowClear
                  value={line.survey?.questionnaireId ?? undefined}
                  onChange={(v) => void pick(line, v ?? null)}
                  showSearch={{ filterOption: false, onSearch: setKeyword }}
                  options={options(line.survey)}
                  style={{ width: 320, maxWidth: '100%' }}
                  placeholder={t('trainResults.pickTemplate')}
                  data-testid={`train-survey-pick-${line.key}`}
                />
              ) : (
                (line.survey?.title ?? '–')
              ),
          },
          { key: 'responses', title: t('trainResults.responses'), render: (_, line) => (line.survey ? <Tag>{line.survey.responses}</Tag> : '–') },
        ]}
      />
    </Card>
  );
}

/** manage-train-survey (pxapgl): the class's satisfaction questionnaire and one per lecturer, from published templates. */
export default function SurveySetupPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.manage-train-survey'));
  const [classId, setClassId] = useClassParam();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <ClassSelect value={classId} onChange={setClassId} />
      </Card>
      {classId ? <Setup key={classId} classId={classId} /> : <Empty description={t('trainResults.pickClass')} />}
    </Space>
  );
}
