import { useState } from 'react';
import { Card, Empty, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainClassMode } from '@hanlin/shared';
import { TrainClassPicker } from '../../train-classes/index';
import { ClassAttendancePanel } from '../components/ClassAttendancePanel';
import { ClassSignInScreen } from '../components/ClassSignInScreen';

/**
 * The attendance pages of the back office: pick a class in scope, then its sign-in sheet (grid, manual entry,
 * import, approval, statistics) and its QR sign-in screen. `mode` narrows the classes (manage-mix-train-sign).
 */
export function AttendancePage({ titleKey, mode }: { titleKey: string; mode?: TrainClassMode }) {
  const { t } = useTranslation();
  const [classId, setClassId] = useState<number>();
  return (
    <Card
      title={
        <Space wrap>
          <Typography.Text strong>{t(titleKey)}</Typography.Text>
          <TrainClassPicker
            value={classId}
            onChange={(id) => setClassId(id ?? undefined)}
            mode={mode}
            testId="attendance-class-picker"
            placeholder={t('trainAttendance.pickClass')}
            style={{ minWidth: 320, maxWidth: '100%' }}
          />
        </Space>
      }
    >
      {classId === undefined ? (
        <Empty description={t('trainAttendance.noClass')} />
      ) : (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'sheet', label: t('trainAttendance.sheet'), children: <ClassAttendancePanel key={classId} classId={classId} /> },
            { key: 'qr', label: t('trainAttendance.signInScreen'), children: <ClassSignInScreen key={classId} classId={classId} /> },
          ]}
        />
      )}
    </Card>
  );
}

export default function ManageTrainAttendancePage() {
  return <AttendancePage titleKey="trainAttendance.title" />;
}
