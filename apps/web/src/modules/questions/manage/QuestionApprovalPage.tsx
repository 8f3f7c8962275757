import { useTranslation } from 'react-i18next';
import { QUESTION_REFUSE_REASON_MAX, stemText, type QuestionRow } from '@hanlin/shared';
import { CrudPage } from '../../../platform/kernel';
import { useRefuseWithReason } from '../../../platform/components/RefuseWithReason';
import { approveQuestions, findQuestions, refuseQuestions } from '../api';
import { questionColumns, questionFilters } from './columns';

/** Approval of submitted questions (`approval-questions`, tkgl:approve): approve in batches, or refuse with a reason. */
export default function QuestionApprovalPage() {
  const { t } = useTranslation();
  const refuse = useRefuseWithReason<QuestionRow>({
    prefix: 'question',
    title: (r) => t('question.refuseTitle', { stem: stemText(r.stem) }),
    maxLength: QUESTION_REFUSE_REASON_MAX,
    refuse: refuseQuestions,
    queryKey: 'questions-approval',
  });
  return (
    <>
      <CrudPage<QuestionRow>
        testId="question-approval-page"
        titleKey="page.approval-questions"
        queryKey="questions-approval"
        fetch={(p) => findQuestions(p)}
        columns={questionColumns}
        filters={questionFilters}
        defaultFilters={{ status: 'pending' }}
        menu="tkgl"
        extraBatch={[{ key: 'approve', labelKey: 'question.approve', run: (ids) => approveQuestions({ ids }), perm: 'tkgl:approve', row: (r) => r.abilities.approve }]}
        extraRowActions={refuse.rowAction}
      />
      {refuse.dialog}
    </>
  );
}
