import { useTranslation } from 'react-i18next';
import { PositionInsertSchema, type PositionInsert, type PositionRow } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { LabelSelect } from '../../labels/index';
import { getPosition, insertPosition, updatePosition } from '../api';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'positions.name', testId: 'positions-name' },
  { name: 'labelIds', labelKey: 'positions.labels', control: <LabelSelect kind="job" testId="positions-labelIds" />, extraKey: 'positions.labelsHint' },
  { name: 'sort', labelKey: 'positions.sort', kind: 'number', testId: 'positions-sort' },
  { name: 'description', labelKey: 'positions.description', kind: 'textarea', testId: 'positions-description' },
];

/** `add-job`: add a position, or edit one with `?id=`. */
export default function PositionEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<PositionRow, PositionInsert>({
    queryKey: 'position',
    load: getPosition,
    create: insertPosition,
    update: (id, body) => updatePosition({ ...body, description: body.description ?? null, labelIds: body.labelIds ?? [], id }),
    listPath: '/dashboard/manage-job',
    perms: { add: 'gwgl:add', modify: 'gwgl:modify' },
    toForm: (p) => (p ? { name: p.name, description: p.description, sort: p.sort, labelIds: p.labels.map((l) => l.id) } : {}),
    saveErrors: { fields: fields.map((f) => f.name), byCode: { DUPLICATE_POSITION: 'name', IN_USE_POSITION: 'name' } },
  });
  return (
    <RecordEditorCard
      editor={ed}
      testId="positions"
      title={t(ed.id ? 'positions.edit' : 'positions.add')}
      schema={PositionInsertSchema}
      fields={fields}
      formStyle={{ maxWidth: 640 }}
      notFoundText={t('positions.notFound')}
    />
  );
}
