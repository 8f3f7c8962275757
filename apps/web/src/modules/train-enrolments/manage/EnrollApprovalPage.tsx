import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_ENROLMENT_APPROVAL_TYPE } from '@hanlin/shared';
import { ApprovalInbox } from '../../approvals/index';
import { EnrolmentTable } from '../components/EnrolmentTable';

/**
 * Enrolment approval (enroll-approval, `pxbmsp`): sign-ups waiting in the approval engine are decided in the
 * approvals inbox (filtered to sign-ups); those that signed up while no enrolment flow was defined, in place
 * (pending sign-ups of the classes in scope: approve needs a seat, refuse asks for the reason).
 */
export default function EnrollApprovalPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="enroll-approval-page"
      items={[
        { key: 'inbox', label: t('trainEnrolments.inbox'), children: <ApprovalInbox businessType={TRAIN_ENROLMENT_APPROVAL_TYPE} testId="enroll-approval-inbox" /> },
        {
          key: 'pending',
          label: t('trainEnrolments.pendingSignUps'),
          children: <EnrolmentTable testId="enroll-approval-list" titleKey="trainEnrolments.pendingSignUps" menu="pxbmsp" pending actions={['approve', 'refuse']} />,
        },
      ]}
    />
  );
}
