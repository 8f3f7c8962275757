import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUESTION_REFUSE_REASON_MAX, stemText, type QuestionRow } from '@hanlin/shared';
import { CrudPage } from '../../../platform/kernel';
import { useFeedback } from '../../../platform/feedback';
import { approveQuestions, findQuestions, refuseQuestions } from '../api';
import { questionColumns, questionFilters } from './columns';

/** Approval of submitted questions (`approval-questions`, tkgl:approve): approve in batches, or refuse with a reason. */
export default function QuestionApprovalPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<QuestionRow | null>(null);
  const [reason, setReason] = useState('');
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
        extraRowActions={(r) =>
          r.abilities.refuse ? (
            <Button size="small" type="link" danger data-testid="question-refuse" onClick={() => setRefusing(r)}>
              {t('question.refuse')}
            </Button>
          ) : null
        }
      />
      <Modal
        open={!!refusing}
        title={t('question.refuseTitle', { stem: refusing ? stemText(refusing.stem) : '' })}
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
        onCancel={() => setRefusing(null)}
        destroyOnHidden
        onOk={async () => {
          await refuseQuestions({ ids: [refusing!.id], reason: reason.trim() });
          void message.success(t('common.done'));
          setRefusing(null);
          setReason('');
          await queryClient.invalidateQueries({ queryKey: ['questions-approval'] });
        }}
      >
        <Input.TextArea
          value={reason}
          maxLength={QUESTION_REFUSE_REASON_MAX}
          showCount
          placeholder={t('question.refuseReason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="question-refuse-reason"
        />
      </Modal>
    </>
  );
}
