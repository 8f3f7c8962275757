import { useTranslation } from 'react-i18next';
import { InstitutionCreateSchema, type InstitutionCreate, type InstitutionRow } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { getInstitution, insertInstitution, updateInstitution } from '../api';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'institution.name', testId: 'institution-name' },
  { name: 'phone', labelKey: 'institution.phone', testId: 'institution-phone' },
  { name: 'contact', labelKey: 'institution.contact', testId: 'institution-contact' },
  { name: 'contactPhone', labelKey: 'institution.contactPhone', testId: 'institution-contact-phone' },
  { name: 'address', labelKey: 'institution.address', testId: 'institution-address' },
  { name: 'direction', labelKey: 'institution.direction', testId: 'institution-direction' },
  { name: 'qualification', labelKey: 'institution.qualification', kind: 'textarea', testId: 'institution-qualification' },
  { name: 'profile', labelKey: 'institution.profile', kind: 'textarea', testId: 'institution-profile' },
];

/** `add-institution`: add, or edit with `?id=`. */
export default function InstitutionEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<InstitutionRow, InstitutionCreate>({
    queryKey: 'institution',
    load: (id) => getInstitution({ id }),
    create: insertInstitution,
    update: (id, body) => updateInstitution({ ...body, id }),
    listPath: '/dashboard/manage-institution',
    perms: { add: 'pxjggl:add', modify: 'pxjggl:modify' },
    toForm: (v) =>
      v
        ? {
            name: v.name,
            phone: v.phone,
            contact: v.contact,
            contactPhone: v.contactPhone,
            address: v.address,
            direction: v.direction,
            qualification: v.qualification,
            profile: v.profile,
          }
        : {},
    saveErrors: { fields: fields.map((f) => f.name), byCode: { DUPLICATE_TRAINING_ORGANIZATION: 'name' } },
  });
  return (
    <RecordEditorCard
      editor={ed}
      testId="institution"
      title={t(ed.id ? 'institution.edit' : 'institution.add')}
      schema={InstitutionCreateSchema}
      fields={fields}
      formStyle={{ maxWidth: 640 }}
    />
  );
}
