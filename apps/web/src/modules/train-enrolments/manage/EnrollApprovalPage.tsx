import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_ENROLMENT_APPROVAL_TYPE, TRAIN_ENROLMENT_REASON_MAX, type TrainEnrolmentRow } from '@hanlin/shared';
import { CrudPage, RowActions } from '../../../platform/kernel';
import { useFeedback } from '../../../platform/feedback';
import { errorText } from '../../../platform/api/beyond';
import { ApprovalInbox } from '../../approvals/index';
import { decideEnrolments, findEnrolments } from '../api';
import { rosterColumns, rosterFilters } from '../components/ClassRosterPanel';

/** Refuses pending sign-ups with the reason the person reads. */
function RefuseDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={ids.length > 0}
      destroyOnHidden
      title={t('trainEnrolments.refuse')}
      okText={t('trainEnrolments.refuse')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !comment.trim(), loading: busy, 'data-testid': 'enrolment-refuse-ok' }}
      afterOpenChange={(o) => !o && setComment('')}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await decideEnrolments({ ids, decision: 'refuse', comment: comment.trim() });
          message.success(t('common.done'));
          await qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
          onClose();
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input.TextArea
        rows={3}
        value={comment}
        maxLength={TRAIN_ENROLMENT_REASON_MAX}
        showCount
        placeholder={t('trainEnrolments.reasonPlaceholder')}
        onChange={(e) => setComment(e.target.value)}
        data-testid="enrolment-refuse-reason"
      />
    </Modal>
  );
}

/** Pending sign-ups of the classes in scope; those without an engine approval are decided here (a seat needed to approve). */
function PendingSignUps() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [refusing, setRefusing] = useState<number[]>([]);
  const approve = async (r: TrainEnrolmentRow) => {
    try {
      await decideEnrolments({ ids: [r.id], decision: 'approve', comment: '' });
      message.success(t('common.done'));
      await qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
    } catch (e) {
      message.error(errorText(e));
    }
  };
  return (
    <>
      <CrudPage<TrainEnrolmentRow>
        testId="enroll-approval-list"
        titleKey="trainEnrolments.pendingSignUps"
        queryKey="trainEnrolment"
        fetch={(p) => findEnrolments(p)}
        columns={rosterColumns(true).filter((c) => c.key !== 'queuePosition' && c.key !== 'reason')}
        filters={rosterFilters.filter((f) => f.name !== 'state')}
        extraFilters={{ state: 'pending' }}
        menu="pxbmsp"
        selectable={false}
        extraRowActions={(r) => (
          <RowActions
            record={r}
            actions={[
              { key: 'approve', label: t('trainEnrolments.approve'), confirm: true, run: approve, testId: 'enrolment-row-approve' },
              { key: 'refuse', label: t('trainEnrolments.refuse'), danger: true, run: (row) => setRefusing([row.id]), testId: 'enrolment-row-refuse' },
            ]}
          />
        )}
      />
      <RefuseDialog ids={refusing} onClose={() => setRefusing([])} />
    </>
  );
}

/**
 * Enrolment approval (enroll-approval, `pxbmsp`): sign-ups waiting in the approval engine are decided in the
 * approvals inbox (filtered to sign-ups); those that signed up while no enrolment flow was defined, in place.
 */
export default function EnrollApprovalPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="enroll-approval-page"
      items={[
        { key: 'inbox', label: t('trainEnrolments.inbox'), children: <ApprovalInbox businessType={TRAIN_ENROLMENT_APPROVAL_TYPE} testId="enroll-approval-inbox" /> },
        { key: 'pending', label: t('trainEnrolments.pendingSignUps'), children: <PendingSignUps /> },
      ]}
    />
  );
}
