import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../platform/page-title';
import { getMyTrainClass } from '../api';
import { ClassInfo } from '../components/ClassInfo';

export interface WorkspaceTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * One class on the class-teacher (or lecturer) end: its information first, then the tabs other modules
 * add (roster, sign-in QR, attendance, results), composed by the app.
 */
export function ClassWorkspace({ classId, extraTabs = [] }: { classId: number; extraTabs?: WorkspaceTab[] }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['trainClass', 'mine', classId], queryFn: () => getMyTrainClass({ id: classId }), enabled: classId > 0 });
  usePageTitle(q.data?.name);
  if (!classId) return <Empty />;
  if (q.isError) return <Empty description={t('trainClasses.notYours')} />;
  if (!q.data) return <Spin />;
  return (
    <Card title={q.data.name} data-testid="class-workspace">
      <Tabs items={[{ key: 'info', label: t('trainClasses.info'), children: <ClassInfo c={q.data} /> }, ...extraTabs]} />
    </Card>
  );
}
