import { TRAIN_PLAN_APPROVAL_TYPE } from '@hanlin/shared';
import { ApprovalInbox } from '../../approvals/index';

/** Back-office to-do of unplanned plans (`train-plan-approval`): what waits on the caller, approve / refuse in place. */
export default function TrainPlanApprovalPage() {
  return <ApprovalInbox businessType={TRAIN_PLAN_APPROVAL_TYPE} testId="train-plan-approval-page" />;
}
