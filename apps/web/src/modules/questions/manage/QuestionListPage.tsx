import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { questionRefused, type QuestionRow } from '@hanlin/shared';
import { CrudPage } from '../../../platform/kernel';
import { obeyAbilities } from '../../../platform/lifecycle';
import { useCan } from '../../../platform/permission';
import { approveQuestions, deleteQuestions, exportQuestions, findQuestions, submitQuestions, unpublishQuestions } from '../api';
import { QuestionCategoryTree } from './category-tree';
import { useFiledByCategory } from '../../../platform/components/CategoryTree';
import { questionColumns, questionFilters } from './columns';

/** The question bank (`manage-questions`, code tkgl): classification on the left, filters, batch submit (tkgl:publish)/approve/back to draft (tkgl:unpublish)/delete. */
export default function QuestionListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayApprove = useCan('tkgl:approve');
  const mayImport = useCan('tkgl:import');
  const filed = useFiledByCategory<QuestionRow>(QuestionCategoryTree, '/dashboard/add-question');
  return (
    <CrudPage<QuestionRow>
      testId="question-page"
      titleKey="perm.tkgl"
      queryKey="questions"
      fetch={(p) => findQuestions(p)}
      columns={questionColumns}
      filters={questionFilters}
      menu="tkgl"
      batch={{ delete: deleteQuestions }}
      rowAllows={obeyAbilities<QuestionRow>()}
      extraBatch={[
        { key: 'submit', labelKey: 'question.submit', run: (ids) => submitQuestions({ ids }), perm: 'tkgl:publish', row: (r) => r.abilities.submit },
        { key: 'approve', labelKey: 'question.approve', run: (ids) => approveQuestions({ ids }), perm: 'tkgl:approve', row: (r) => r.abilities.approve },
        // An approved question is changed by taking it back to a draft first.
        {
          key: 'unpublish',
          labelKey: 'question.unpublish',
          run: (ids) => unpublishQuestions({ ids }),
          perm: 'tkgl:unpublish',
          confirmKey: 'question.unpublishConfirm',
          row: (r) => r.abilities.unpublish,
        },
      ]}
      {...filed}
      sideWidth={280}
      exportFile={(filters) => exportQuestions(filters)}
      toolbar={() => (
        <>
          {mayImport && (
            <Button data-testid="question-upload-link" onClick={() => void navigate('/dashboard/add-question-upload')}>
              {t('page.add-question-upload')}
            </Button>
          )}
          {mayApprove && (
            <Button data-testid="question-approval-link" onClick={() => void navigate('/dashboard/approval-questions')}>
              {t('page.approval-questions')}
            </Button>
          )}
        </>
      )}
      extraRowActions={(r) => (questionRefused(r) && r.refuseReason ? <Tag color="red">{t('question.refusedBecause', { reason: r.refuseReason })}</Tag> : null)}
    />
  );
}
