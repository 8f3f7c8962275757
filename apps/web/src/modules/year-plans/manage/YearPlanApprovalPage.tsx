import { YEAR_PLAN_APPROVAL_TYPE } from '@hanlin/shared';
import { ApprovalInbox } from '../../approvals/index';

/** Back-office to-do of annual plans (`year-plan-approval`): what waits on the caller, approve / refuse in place. */
export default function YearPlanApprovalPage() {
  return <ApprovalInbox businessType={YEAR_PLAN_APPROVAL_TYPE} testId="year-plan-approval-page" />;
}
