import { Suspense } from 'react';
import { Spin } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClassNoticesPanel, ClassWorkspace, type WorkspaceTab } from '../../modules/train-classes/index';
import { ClassRosterPanel } from '../../modules/train-enrolments/index';
import { ClassAttendancePanel, ClassSignInScreen } from '../../modules/train-attendance/index';
import { ClassResultsPanel } from '../../modules/train-results/index';

const lazyTab = (node: React.ReactNode) => <Suspense fallback={<Spin />}>{node}</Suspense>;

/**
 * `/class-teacher/training/:id` and `/lecturer/training/:id`: one class's workspace, composed here from the
 * training modules (train-classes never imports the others): the roster, the QR sign-in screen, attendance,
 * results and (class teacher) the notices to the class. Each panel asks its own server, which answers only what the caller may see of that class.
 */
export default function ClassWorkspaceRoute({ end }: { end: 'classTeacher' | 'lecturer' }) {
  const { t } = useTranslation();
  const classId = Number(useParams().id) || 0;
  const tabs: WorkspaceTab[] = [
    { key: 'roster', label: t('ends.roster'), children: <ClassRosterPanel classId={classId} /> },
    ...(end === 'classTeacher' ? [{ key: 'sign-in', label: t('ends.signIn'), children: lazyTab(<ClassSignInScreen classId={classId} />) }] : []),
    { key: 'attendance', label: t('ends.attendance'), children: lazyTab(<ClassAttendancePanel classId={classId} />) },
    { key: 'results', label: t('ends.results'), children: lazyTab(<ClassResultsPanel classId={classId} />) },
    ...(end === 'classTeacher' ? [{ key: 'notices', label: t('ends.notices'), children: <ClassNoticesPanel classId={classId} /> }] : []),
  ];
  return <ClassWorkspace classId={classId} extraTabs={tabs} />;
}

export const ClassTeacherWorkspace = () => <ClassWorkspaceRoute end="classTeacher" />;
export const LecturerWorkspace = () => <ClassWorkspaceRoute end="lecturer" />;
