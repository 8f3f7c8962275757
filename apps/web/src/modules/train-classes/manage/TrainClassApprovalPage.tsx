import { TRAIN_CLASS_APPROVAL_TYPE } from '@hanlin/shared';
import { ApprovalInbox } from '../../approvals/index';

/** Back-office to-do of class applications (`train-class-approval`): what waits on the caller, approve / refuse in place. */
export default function TrainClassApprovalPage() {
  return <ApprovalInbox businessType={TRAIN_CLASS_APPROVAL_TYPE} testId="train-class-approval-page" />;
}
