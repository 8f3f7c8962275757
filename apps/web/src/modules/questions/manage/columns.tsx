import { Tag } from 'antd';
import { QUESTION_DIFFICULTIES, QUESTION_LIFECYCLE, QUESTION_SORT_KEYS, QUESTION_TYPES, stemText, type QuestionRow, isOneOf } from '@hanlin/shared';
import { timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { useTranslation } from 'react-i18next';

const sortable = (k: string) => isOneOf(QUESTION_SORT_KEYS, k);

function TypeTag({ type }: { type: QuestionRow['type'] }) {
  const { t } = useTranslation();
  return <Tag>{t(`question.type_${type}`)}</Tag>;
}
function DifficultyText({ value }: { value: QuestionRow['difficulty'] }) {
  const { t } = useTranslation();
  return <>{t(`question.difficulty_${value}`)}</>;
}

/** The columns both question pages show. */
export const questionColumns: ColumnSpec<QuestionRow>[] = [
  { key: 'stem', titleKey: 'question.stem', ellipsis: true, render: (r) => <span data-testid="question-row-stem">{stemText(r.stem)}</span> },
  { key: 'type', titleKey: 'question.type', render: (r) => <TypeTag type={r.type} /> },
  { key: 'difficulty', titleKey: 'question.difficulty', sortable: sortable('difficulty'), render: (r) => <DifficultyText value={r.difficulty} /> },
  { key: 'score', titleKey: 'question.score', sortable: sortable('score') },
  { key: 'categoryName', titleKey: 'question.category.name' },
  { key: 'labels', titleKey: 'question.labels', render: (r) => r.labels.map((l) => <Tag key={l}>{l}</Tag>) },
  { key: 'status', titleKey: 'question.status', render: (r) => <LifecycleTag lifecycle={QUESTION_LIFECYCLE} state={r.status} testId="question-row-status" /> },
  { key: 'creatorName', titleKey: 'question.creator' },
  timeColumn('createdAt', 'question.createdAt', sortable),
];

export const typeOptions = QUESTION_TYPES.map((v) => ({ value: v, labelKey: `question.type_${v}` }));
export const difficultyOptions = QUESTION_DIFFICULTIES.map((v) => ({ value: v, labelKey: `question.difficulty_${v}` }));

export const questionFilters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'question.stem', testId: 'question-filter-keyword' },
  { name: 'type', labelKey: 'question.type', kind: 'select', options: typeOptions },
  { name: 'difficulty', labelKey: 'question.difficulty', kind: 'select', options: difficultyOptions },
  { name: 'status', labelKey: 'question.status', kind: 'select', options: lifecycleOptions(QUESTION_LIFECYCLE) },
  { name: 'label', labelKey: 'question.label' },
];
