import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { LeaderCreateSchema, type LeaderCreate, type LeaderRow } from '@hanlin/shared';
import { LeaderSelect, OrgTreeSelect } from '../../orgs/index';
import { getLeaderById, insertLeader, updateLeader } from '../api';

const fieldsOf = (record: LeaderRow | undefined): FieldSpec[] => [
  {
    name: 'userId',
    labelKey: 'leaders.user',
    control: <LeaderSelect multiple={false} testId="leader-user" initial={record ? [{ id: record.userId, username: record.username, realname: record.realname }] : []} />,
  },
  { name: 'title', labelKey: 'leaders.title', testId: 'leader-title' },
  { name: 'orgIds', labelKey: 'leaders.orgs', extraKey: 'leaders.orgsHint', control: <OrgTreeSelect multiple testId="leader-orgs" /> },
];

/** `add-leader`: designate a leader, or edit one with `?id=` (the organizations led: at most 10). */
export default function LeaderEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<LeaderRow, LeaderCreate>({
    queryKey: 'leader',
    load: (id) => getLeaderById({ id }),
    create: (b) => insertLeader(b),
    update: (id, b) => updateLeader({ ...b, id }),
    listPath: '/dashboard/manage-leader',
    perms: { add: 'pxld:add', modify: 'pxld:modify' },
    toForm: (r) => (r ? { userId: r.userId, title: r.title, orgIds: r.orgs.map((o) => o.id) } : { title: '', orgIds: [] }),
  });
  return <RecordEditorCard editor={ed} testId="leader" title={t(ed.id ? 'leaders.edit' : 'leaders.add')} schema={LeaderCreateSchema} fields={fieldsOf(ed.record)} />;
}
