import { AttendancePage } from './AttendancePage';

/** manage-mix-train-sign: the same sign-in sheet, over the mixed classes. */
export default function MixSignInPage() {
  return <AttendancePage titleKey="trainAttendance.mixTitle" mode="mixed" />;
}
