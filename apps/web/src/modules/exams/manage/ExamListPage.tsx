import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXAM_LIFECYCLE, EXAM_SORT_KEYS, type ExamRow } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { LifecycleTag, lifecycleOptions, obeyAbilities } from '../../../platform/lifecycle';
import { deleteExams, findExams, publishExams, unpublishExams } from '../api';
import { ExamCategoryTree } from './category-tree';

const sortable = (k: string) => (EXAM_SORT_KEYS as readonly string[]).includes(k);

function DetailLink({ row }: { row: ExamRow }) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" style={{ padding: 0 }} data-testid="exam-row-name" onClick={() => void navigate(`/dashboard/manage-test-detail?id=${row.id}`)}>
      {row.name}
    </Button>
  );
}

const columns: ColumnSpec<ExamRow>[] = [
  { key: 'name', titleKey: 'exam.name', sortable: sortable('name'), render: (r) => <DetailLink row={r} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <LifecycleTag lifecycle={EXAM_LIFECYCLE} state={r.status} testId={`exam-status-${r.status}`} /> },
  { key: 'categoryName', titleKey: 'exam.category.name' },
  { key: 'startAt', titleKey: 'exam.startAt', sortable: sortable('startAt'), render: (r) => formatTime(r.startAt) },
  { key: 'endAt', titleKey: 'exam.endAt', sortable: sortable('endAt'), render: (r) => formatTime(r.endAt) },
  { key: 'duration', titleKey: 'exam.duration' },
  { key: 'total', titleKey: 'exam.total' },
  { key: 'attempts', titleKey: 'exam.attempts' },
  { key: 'orgName', titleKey: 'exam.org' },
  { key: 'createdAt', titleKey: 'common.createdAt', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'exam.name', testId: 'exam-filter-keyword' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: lifecycleOptions(EXAM_LIFECYCLE) },
  { name: 'start', labelKey: 'exam.startAt', kind: 'daterange' },
];

/** Exams (`manage-test`, code ksgl): classification on the left, filters, publish/unpublish/delete as the abilities allow; add and edit on `add-test`. */
export default function ExamListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [category, setCategory] = useState<number | null>(null);
  return (
    <CrudPage<ExamRow>
      testId="exam-page"
      titleKey="perm.ksgl"
      queryKey="exams"
      fetch={(p) => findExams(p)}
      columns={columns}
      filters={filters}
      menu="ksgl"
      labels={{ publish: 'exam.publish', unpublish: 'exam.unpublish' }}
      batch={{ delete: deleteExams, publish: publishExams, unpublish: unpublishExams }}
      rowBatch={['publish', 'unpublish', 'delete']}
      rowAllows={obeyAbilities<ExamRow>()}
      form={{ addPath: `/dashboard/add-test${category ? `?categoryId=${category}` : ''}`, editPath: (r) => `/dashboard/add-test?id=${r.id}` }}
      extraFilters={category ? { categoryId: category } : {}}
      side={<ExamCategoryTree selectedId={category} onSelect={setCategory} />}
      sideWidth={260}
      extraRowActions={(r) => (
        <Button type="link" size="small" data-testid="exam-view" onClick={() => void navigate(`/dashboard/manage-test-detail?id=${r.id}`)}>
          {t('exam.view')}
        </Button>
      )}
    />
  );
}
