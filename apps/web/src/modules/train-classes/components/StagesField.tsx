import { Button, DatePicker, Input, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TrainCoursePicker } from '../../train-courses/index';
import { ChoiceSelect, type Known } from './ChoiceSelect';

/** A stage as edited (the body's stage; `placeKind` only steers the place picker). */
export interface StageRow {
  id?: number;
  name: string;
  startsAt: string;
  endsAt: string;
  boardroomId?: number | null;
  trainPlaceId?: number | null;
  placeText?: string;
  lecturerId?: number | null;
  trainCourseId?: number | null;
  topic?: string;
  placeKind?: 'boardroom' | 'trainPlace' | 'text';
}

const kindOf = (s: StageRow) => s.placeKind ?? (s.boardroomId ? 'boardroom' : s.trainPlaceId ? 'trainPlace' : 'text');

/**
 * The class's stages as an editable table: span (date and time), where (a meeting room, a training
 * site or a place in text), the lecturer, the face-to-face course taught and / or a topic. A stage keeps its `id` across edits.
 */
export function StagesField({
  value,
  onChange,
  known = {},
}: {
  value?: StageRow[];
  onChange?: (v: StageRow[]) => void;
  known?: { boardroom?: Known[]; trainPlace?: Known[]; lecturer?: Known[] };
}) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const set = (i: number, patch: Partial<StageRow>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const last = rows.at(-1);
  const add = () => {
    const start = last ? dayjs(last.endsAt) : dayjs().add(7, 'day').hour(9).minute(0).second(0).millisecond(0);
    onChange?.([...rows, { name: '', startsAt: start.toISOString(), endsAt: start.add(2, 'hour').toISOString(), placeText: '', topic: '' }]);
  };
  return (
    <div data-testid="train-class-stages">
      <Table<StageRow>
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('trainClasses.stageName'),
            render: (_, r, i) => <Input value={r.name} maxLength={200} onChange={(e) => set(i, { name: e.target.value })} data-testid={`train-class-stage-name-${i}`} />,
          },
          {
            key: 'span',
            title: t('trainClasses.stageTime'),
            render: (_, r, i) => (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                value={[dayjs(r.startsAt), dayjs(r.endsAt)]}
                allowClear={false}
                onChange={(v) => v?.[0] && v[1] && set(i, { startsAt: v[0].toISOString(), endsAt: v[1].toISOString() })}
                data-testid={`train-class-stage-time-${i}`}
              />
            ),
          },
          {
            key: 'place',
            title: t('trainClasses.place'),
            render: (_, r, i) => {
              const kind = kindOf(r);
              return (
                <span style={{ display: 'inline-flex', gap: 4 }}>
                  <Select
                    value={kind}
                    style={{ width: 110 }}
                    data-testid={`train-class-stage-place-kind-${i}`}
                    options={(['boardroom', 'trainPlace', 'text'] as const).map((k) => ({ value: k, label: t(`trainClasses.placeKind_${k}`) }))}
                    onChange={(k) => set(i, { placeKind: k, boardroomId: null, trainPlaceId: null, placeText: '' })}
                  />
                  {kind === 'text' ? (
                    <Input value={r.placeText} maxLength={200} onChange={(e) => set(i, { placeText: e.target.value })} data-testid={`train-class-stage-place-${i}`} />
                  ) : (
                    <ChoiceSelect
                      kind={kind}
                      known={known[kind]}
                      value={kind === 'boardroom' ? r.boardroomId : r.trainPlaceId}
                      onChange={(v) => set(i, kind === 'boardroom' ? { boardroomId: v } : { trainPlaceId: v })}
                      testId={`train-class-stage-place-${i}`}
                    />
                  )}
                </span>
              );
            },
          },
          {
            key: 'lecturer',
            title: t('trainClasses.lecturer'),
            render: (_, r, i) => (
              <ChoiceSelect
                kind="lecturer"
                known={known.lecturer}
                value={r.lecturerId}
                onChange={(v) => set(i, { lecturerId: v })}
                testId={`train-class-stage-lecturer-${i}`}
              />
            ),
          },
          {
            key: 'course',
            title: t('trainClasses.stageCourse'),
            render: (_, r, i) => (
              <TrainCoursePicker
                value={r.trainCourseId ?? null}
                onChange={(v) => set(i, { trainCourseId: v })}
                style={{ minWidth: 180 }}
                testId={`train-class-stage-course-${i}`}
              />
            ),
          },
          {
            key: 'topic',
            title: t('trainClasses.topic'),
            render: (_, r, i) => <Input value={r.topic} maxLength={200} onChange={(e) => set(i, { topic: e.target.value })} data-testid={`train-class-stage-topic-${i}`} />,
          },
          {
            key: 'ops',
            render: (_, _r, i) => (
              <Button type="link" danger onClick={() => onChange?.(rows.filter((_x, j) => j !== i))} data-testid={`train-class-stage-remove-${i}`}>
                {t('common.delete')}
              </Button>
            ),
          },
        ]}
      />
      <Button type="dashed" onClick={add} style={{ marginTop: 8 }} data-testid="train-class-stage-add">
        {t('trainClasses.addStage')}
      </Button>
    </div>
  );
}
