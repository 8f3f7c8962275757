/**
 * Public face of this module: other modules import only from this file (lint: boundaries).
 * Business pages reuse the inbox (to-do with approve / refuse in place, filtered by business type)
 * and show an approval's history on their record.
 */
export { ApprovalInbox, ApprovalHistoryTimeline } from './portal/MyApprovalsPage';
