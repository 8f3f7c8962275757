import { Alert, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LearningGroupInsertSchema, type LearningGroupInsert, type LearningGroupRow } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { fieldOf } from '../../../platform/field-of';
import { getLearningGroup, insertLearningGroup, updateLearningGroup } from '../api';
import { GroupStatusTag, KIND_OPTIONS } from './group-meta';
import { MembersPane } from './MembersPane';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'learningGroups.name', testId: 'learning-groups-name' },
  { name: 'kind', labelKey: 'learningGroups.kind', kind: 'select', options: KIND_OPTIONS, testId: 'learning-groups-kind' },
  { name: 'description', labelKey: 'learningGroups.description', kind: 'textarea', testId: 'learning-groups-description' },
];
/** The form edits these; the owning organization stays the creator's (data scope). */
const FormSchema = LearningGroupInsertSchema.pick({ name: true, kind: true, description: true });

/** `add-legroup`: create a group, or with `?id=` edit it and manage its members. */
export default function LearningGroupEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<LearningGroupRow, LearningGroupInsert>({
    queryKey: 'learning-group',
    load: getLearningGroup,
    create: insertLearningGroup,
    update: (id, body) => updateLearningGroup({ ...body, description: body.description ?? null, id }),
    listPath: '/dashboard/manage-learning-group',
    perms: { add: 'xxqz:add', modify: 'xxqz:modify' },
    toForm: (g) => (g ? { name: g.name, kind: g.kind, description: g.description } : { kind: 'formal' }),
    saveErrors: { fields: fields.map((f) => f.name), byCode: { DUPLICATE_LEARNING_GROUP: 'name' } },
    // A new group goes on to its members; an edited one back to the list.
    next: (saved, id) => {
      const created = fieldOf(saved, 'id');
      return !id && typeof created === 'number' && created ? { to: `/dashboard/add-legroup?id=${created}`, replace: true } : undefined;
    },
  });

  if (ed.notFound) return <Empty description={t('learningGroups.notFound')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="learning-groups-edit-page">
      <RecordEditorCard
        editor={ed}
        testId="learning-groups"
        pageTestId={null}
        title={t(ed.id ? 'learningGroups.edit' : 'learningGroups.add')}
        extra={ed.record ? <GroupStatusTag status={ed.record.status} /> : null}
        schema={FormSchema}
        fields={fields}
        formStyle={{ maxWidth: 640 }}
        backKey="common.back"
      >
        {!ed.id ? <Alert type="info" showIcon title={t('learningGroups.membersAfterSave')} style={{ marginBottom: 16 }} /> : null}
      </RecordEditorCard>
      {ed.id && ed.record ? <MembersPane groupId={ed.id} canAdd={ed.record.abilities.addMembers} /> : null}
    </Space>
  );
}
