import { useTranslation } from 'react-i18next';
import { BoardroomCreateSchema, type BoardroomCreate, type BoardroomRow } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { getBoardroom, insertBoardroom, updateBoardroom } from '../api';

const fields: FieldSpec[] = [
  { name: 'number', labelKey: 'boardroom.number', testId: 'boardroom-number' },
  { name: 'name', labelKey: 'boardroom.name', testId: 'boardroom-name' },
  { name: 'position', labelKey: 'boardroom.position', testId: 'boardroom-position' },
  { name: 'capacity', labelKey: 'boardroom.capacity', kind: 'number', testId: 'boardroom-capacity' },
  { name: 'facilities', labelKey: 'boardroom.facilities', kind: 'textarea', testId: 'boardroom-facilities' },
];

/** `add-boardroom`: add, or edit with `?id=`. */
export default function BoardroomEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<BoardroomRow, BoardroomCreate>({
    queryKey: 'boardroom',
    load: (id) => getBoardroom({ id }),
    create: insertBoardroom,
    update: (id, body) => updateBoardroom({ ...body, id }),
    listPath: '/dashboard/manage-boardroom',
    perms: { add: 'ssgl:add', modify: 'ssgl:modify' },
    toForm: (v) => (v ? { number: v.number, name: v.name, position: v.position, facilities: v.facilities, capacity: v.capacity } : {}),
    saveErrors: { fields: fields.map((f) => f.name), byCode: { DUPLICATE_MEETING_ROOM: 'name' } },
  });
  return (
    <RecordEditorCard
      editor={ed}
      testId="boardroom"
      title={t(ed.id ? 'boardroom.edit' : 'boardroom.add')}
      schema={BoardroomCreateSchema}
      fields={fields}
      formStyle={{ maxWidth: 640 }}
    />
  );
}
