import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ClassRosterPanel } from '../components/ClassRosterPanel';
import { EnrolmentTable } from '../components/EnrolmentTable';

/** Every sign-up in the caller's scope, each linking to its class's roster. */
function AllSignUps() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EnrolmentTable
      testId="enrolment-all"
      titleKey="page.manage-train-sign"
      menu="pxapgl"
      rowExtra={(r) => (
        <Button type="link" size="small" data-testid="enrolment-open-roster" onClick={() => void navigate(`?classId=${r.classId}`)}>
          {t('trainEnrolments.roster')}
        </Button>
      )}
    />
  );
}

/**
 * Sign-ups (manage-train-sign) and a class's list of names (manage-train-name, add-train-name: `?classId=`):
 * the roster of the class; without a class, every sign-up in the caller's scope.
 */
export function RosterPage({ adding = false }: { adding?: boolean }) {
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || null;
  if (!classId) return <AllSignUps />;
  return (
    <Card styles={{ body: { padding: 12 } }} data-testid="roster-page">
      <ClassRosterPanel classId={classId} startAdding={adding} />
    </Card>
  );
}

export default function ManageTrainSignPage() {
  return <RosterPage />;
}
