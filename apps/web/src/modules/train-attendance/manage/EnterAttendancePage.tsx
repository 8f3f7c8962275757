import { AttendancePage } from './AttendancePage';

/** base-enter-attendance and enter-attendance: manual entry on the same sheet. */
export default function EnterAttendancePage() {
  return <AttendancePage titleKey="trainAttendance.enterTitle" />;
}
