import { can } from '../../platform/permission';
import { CLASS_TEACHER_CODES, LECTURER_CODES } from '../routes/portal-paths';
import { MANAGE_CODES } from '../routes/manage-paths';

export type EntryKey = 'manage' | 'student' | 'lecturer' | 'class-teacher';

export const ENTRY_HOME: Record<EntryKey, string> = {
  manage: '/dashboard',
  student: '/portal',
  lecturer: '/lecturer',
  'class-teacher': '/class-teacher',
};

/** The ends a user's codes open; the student portal is open to every signed-in user. */
export function entriesFor(granted: readonly string[]): EntryKey[] {
  const out: EntryKey[] = [];
  if (can(granted, MANAGE_CODES)) out.push('manage');
  out.push('student');
  if (can(granted, LECTURER_CODES)) out.push('lecturer');
  if (can(granted, CLASS_TEACHER_CODES)) out.push('class-teacher');
  return out;
}

export function entryOfPath(pathname: string): EntryKey | undefined {
  if (pathname.startsWith('/dashboard')) return 'manage';
  if (pathname.startsWith('/portal') || pathname.startsWith('/student-center')) return 'student';
  if (pathname.startsWith('/lecturer')) return 'lecturer';
  if (pathname.startsWith('/class-teacher')) return 'class-teacher';
  return undefined;
}
