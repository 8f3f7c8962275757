import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXAM_LIFECYCLE, EXAM_SORT_KEYS, type ExamRow, isOneOf } from '@hanlin/shared';
import { CrudPage, publishableActions, statusColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { deleteExams, findExams, publishExams, unpublishExams } from '../api';
import { ExamCategoryTree } from './category-tree';
import { useFiledByCategory } from '../../../platform/components/CategoryTree';

const sortable = (k: string) => isOneOf(EXAM_SORT_KEYS, k);

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
  statusColumn(EXAM_LIFECYCLE, { testIdPrefix: 'exam-status' }),
  { key: 'categoryName', titleKey: 'exam.category.name' },
  timeColumn('startAt', 'exam.startAt', sortable),
  timeColumn('endAt', 'exam.endAt', sortable),
  { key: 'duration', titleKey: 'exam.duration' },
  { key: 'total', titleKey: 'exam.total' },
  { key: 'attempts', titleKey: 'exam.attempts' },
  { key: 'orgName', titleKey: 'exam.org' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'exam.name', testId: 'exam-filter-keyword' },
  statusFilter(EXAM_LIFECYCLE),
  { name: 'start', labelKey: 'exam.startAt', kind: 'daterange' },
];

/** Exams (`manage-test`, code ksgl): classification on the left, filters, publish/unpublish/delete as the abilities allow; add and edit on `add-test`. */
export default function ExamListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filed = useFiledByCategory<ExamRow>(ExamCategoryTree, '/dashboard/add-test');
  return (
    <CrudPage<ExamRow>
      testId="exam-page"
      titleKey="perm.ksgl"
      queryKey="exams"
      fetch={(p) => findExams(p)}
      columns={columns}
      filters={filters}
      menu="ksgl"
      {...publishableActions<ExamRow>({ delete: deleteExams, publish: publishExams, unpublish: unpublishExams }, { publish: 'exam.publish', unpublish: 'exam.unpublish' })}
      {...filed}
      sideWidth={260}
      extraRowActions={(r) => (
        <Button type="link" size="small" data-testid="exam-view" onClick={() => void navigate(`/dashboard/manage-test-detail?id=${r.id}`)}>
          {t('exam.view')}
        </Button>
      )}
    />
  );
}
