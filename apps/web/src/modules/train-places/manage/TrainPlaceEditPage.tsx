import { useTranslation } from 'react-i18next';
import { TrainPlaceCreateSchema, type TrainPlaceCreate, type TrainPlaceRow } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { getTrainPlace, insertTrainPlace, updateTrainPlace } from '../api';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'trainPlace.name', testId: 'train-place-name' },
  { name: 'contact', labelKey: 'trainPlace.contact', testId: 'train-place-contact' },
  { name: 'city', labelKey: 'trainPlace.city', testId: 'train-place-city' },
  { name: 'address', labelKey: 'trainPlace.address', testId: 'train-place-address' },
  { name: 'introduction', labelKey: 'trainPlace.introduction', kind: 'textarea', testId: 'train-place-introduction' },
];

/** `train-place-detail`: add, or see and edit with `?id=`. */
export default function TrainPlaceEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<TrainPlaceRow, TrainPlaceCreate>({
    queryKey: 'train-place',
    load: (id) => getTrainPlace({ id }),
    create: insertTrainPlace,
    update: (id, body) => updateTrainPlace({ ...body, id }),
    listPath: '/dashboard/manage-train-place',
    perms: { add: 'pxcdgl:add', modify: 'pxcdgl:modify' },
    toForm: (v) => (v ? { name: v.name, contact: v.contact, city: v.city, address: v.address, introduction: v.introduction } : {}),
    saveErrors: { fields: fields.map((f) => f.name), byCode: { DUPLICATE_TRAINING_SITE: 'name' } },
  });
  return (
    <RecordEditorCard
      editor={ed}
      testId="train-place"
      title={t(ed.id ? 'trainPlace.edit' : 'trainPlace.add')}
      schema={TrainPlaceCreateSchema}
      fields={fields}
      formStyle={{ maxWidth: 640 }}
    />
  );
}
