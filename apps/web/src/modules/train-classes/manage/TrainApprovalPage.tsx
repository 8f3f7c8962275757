import { ApprovalInbox } from '../../approvals/index';

/**
 * `train-approval`: the training back office's one to-do list of every approval waiting on the caller (class
 * applications, sign-ups, annual and unplanned plans, outside training), approve / refuse in place; the pages of
 * one kind (`train-class-approval`, `enroll-approval`, `year-plan-approval`, ...) narrow it to theirs.
 */
export default function TrainApprovalPage() {
  return <ApprovalInbox testId="train-approval-page" />;
}
