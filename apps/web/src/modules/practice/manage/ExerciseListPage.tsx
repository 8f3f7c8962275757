import { useState } from 'react';
import { Button, Select, Switch, TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXERCISE_LIFECYCLE, EXERCISE_SORT_KEYS, ExerciseCreateSchema, type ExerciseCreate, type ExerciseRow, isOneOf } from '@hanlin/shared';
import { CrudPage, EditModal, publishableActions, statusColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { useSession } from '../../../platform/session';
import { AudiencePicker } from '../../audiences/index';
import {
  deleteExercises,
  findExercises,
  findPracticePapers,
  getExerciseById,
  getPracticeBanks,
  insertExercise,
  publishExercises,
  unpublishExercises,
  updateExercise,
} from '../api';

const sortable = (k: string) => isOneOf(EXERCISE_SORT_KEYS, k);

const columns: ColumnSpec<ExerciseRow>[] = [
  { key: 'name', titleKey: 'exercise.name', sortable: sortable('name'), ellipsis: true },
  statusColumn(EXERCISE_LIFECYCLE, { testIdPrefix: 'exercise-status' }),
  { key: 'sourceKind', titleKey: 'exercise.source', render: (r) => (r.sourceKind === 'paper' ? (r.paperName ?? '') : `${r.categoryName ?? ''} × ${r.questionCount ?? ''}`) },
  { key: 'times', titleKey: 'exercise.times' },
  { key: 'timeLimit', titleKey: 'exercise.timeLimit' },
  { key: 'sessionCount', titleKey: 'exercise.sessionCount' },
  { key: 'orgName', titleKey: 'exercise.org' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'exercise.name', testId: 'exercise-filter-keyword' }, statusFilter(EXERCISE_LIFECYCLE)];

type Ctl<T> = { value?: T; onChange?: (v: T) => void };

function PaperSelect({ value, onChange }: Ctl<number | null>) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({ queryKey: ['exercise-papers', keyword], queryFn: () => findPracticePapers({ keyword: keyword || undefined }) });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={(q.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.total})`, disabled: !p.usable }))}
      data-testid="exercise-paper"
    />
  );
}

type BankNode = { id: number; name: string; children?: BankNode[] };
type BankOption = { value: number; title: string; children?: BankOption[] };
const bankTree = (nodes: BankNode[]): BankOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: n.children ? bankTree(n.children) : undefined }));

function BankSelect({ value, onChange }: Ctl<number | null>) {
  const q = useQuery({ queryKey: ['exercise-banks'], queryFn: () => getPracticeBanks() });
  return <TreeSelect allowClear value={value ?? undefined} onChange={(v) => onChange?.(v ?? null)} treeData={bankTree(q.data ?? [])} data-testid="exercise-bank" />;
}

function SwitchControl({ value, onChange }: Ctl<boolean>) {
  return <Switch checked={!!value} onChange={(v) => onChange?.(v)} data-testid="exercise-auto-marking" />;
}

const fields = [
  { name: 'name', labelKey: 'exercise.name', testId: 'exercise-name' },
  {
    name: 'sourceKind',
    labelKey: 'exercise.source',
    kind: 'select',
    options: [
      { value: 'paper', labelKey: 'exercise.source_paper' },
      { value: 'bank', labelKey: 'exercise.source_bank' },
    ],
    testId: 'exercise-source',
  },
  { name: 'paperId', labelKey: 'exercise.paper', control: <PaperSelect />, extraKey: 'exercise.paperHint' },
  { name: 'categoryId', labelKey: 'exercise.bank', control: <BankSelect />, extraKey: 'exercise.bankHint' },
  { name: 'questionCount', labelKey: 'exercise.questionCount', kind: 'number', testId: 'exercise-question-count' },
  { name: 'times', labelKey: 'exercise.times', kind: 'number', testId: 'exercise-times' },
  { name: 'timeLimit', labelKey: 'exercise.timeLimit', kind: 'number', testId: 'exercise-time-limit' },
  { name: 'autoMarking', labelKey: 'exercise.autoMarking', control: <SwitchControl />, extraKey: 'exercise.autoMarkingHint' },
  { name: 'audience', labelKey: 'exercise.audience', control: <AudiencePicker testId="exercise-audience" /> },
] as const;

const DEFAULTS: Partial<ExerciseCreate> = {
  sourceKind: 'paper',
  paperId: null,
  categoryId: null,
  questionCount: null,
  times: 3,
  timeLimit: 30,
  autoMarking: true,
  audience: [],
};

/**
 * Exercises (`manage-exercise`, the exams code lxgl): a paper or a question bank opened for
 * practice; publish, unpublish and delete as the row's abilities allow.
 */
export default function ExerciseListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const granted = useSession((s) => s.operateAuth);
  const [editing, setEditing] = useState<{ id: number | null; values: Record<string, unknown> } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['exercises'] });
  const edit = async (id: number) => {
    const d = await getExerciseById({ id });
    setEditing({ id, values: { ...d, audience: d.audience } });
  };
  return (
    <>
      <CrudPage<ExerciseRow>
        testId="exercise-page"
        titleKey="page.manage-exercise"
        queryKey="exercises"
        fetch={(p) => findExercises(p)}
        columns={columns}
        filters={filters}
        menu="lxgl"
        {...publishableActions<ExerciseRow>(
          { delete: deleteExercises, publish: publishExercises, unpublish: unpublishExercises },
          { publish: 'practice.publish', unpublish: 'practice.unpublish' },
        )}
        toolbar={() =>
          granted.includes('lxgl:add') ? (
            <Button type="primary" data-testid="exercise-add" onClick={() => setEditing({ id: null, values: DEFAULTS })}>
              {t('common.add')}
            </Button>
          ) : null
        }
        extraRowActions={(r) =>
          r.abilities.modify ? (
            <Button type="link" size="small" data-testid="exercise-edit" onClick={() => void edit(r.id)}>
              {t('common.edit')}
            </Button>
          ) : null
        }
      />
      <EditModal
        open={editing !== null}
        title={t(editing?.id ? 'exercise.edit' : 'exercise.add')}
        schema={ExerciseCreateSchema}
        fields={fields}
        initialValues={editing?.values}
        testId="exercise-form"
        onSubmit={(v) => (editing?.id ? updateExercise({ ...v, id: editing.id }) : insertExercise(v))}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}
