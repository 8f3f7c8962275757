import { useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssignmentCreateSchema, type AssignmentCreate, type AssignmentDetail } from '@hanlin/shared';
import { RecordEditorCard, SaveAndPublishButtons, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { AudiencePicker, useAudienceGuard } from '../../audiences/index';
import { CoursePicker } from '../components/CoursePicker';
import { getAssignmentById, insertAssignment, publishAssignments, updateAssignment } from '../api';

const fields: FieldSpec[] = [
  { name: 'title', labelKey: 'assignment.title', testId: 'assignment-title' },
  { name: 'deadline', labelKey: 'assignment.deadline', kind: 'datetime', testId: 'assignment-deadline' },
  { name: 'courses', labelKey: 'assignment.courses', control: <CoursePicker />, extraKey: 'assignment.coursesHint' },
  { name: 'audience', labelKey: 'assignment.audience', control: <AudiencePicker testId="assignment-audience" />, extraKey: 'assignment.audienceHint' },
];

interface Body {
  body: AssignmentCreate;
  publish: boolean;
}

/** `add-learn-assign`: create, or edit with `?id=` (drafts and unpublished ones); save, or save and publish. */
export default function AssignmentEditPage() {
  const { t } = useTranslation();
  const formRef = useRef<FormInstance | null>(null);
  const resubmit = useRef<(publish: boolean) => void>(() => undefined);
  // The save's refusal: an audience beyond the caller's scope gets the replace prompt, others land on their field.
  const guarded = useAudienceGuard(formRef, resubmit);

  const ed = useRecordEditor<AssignmentDetail, Body>({
    queryKey: 'learn-assign',
    load: (id) => getAssignmentById({ id }),
    create: async ({ body, publish }) => {
      const saved = await guarded(publish, () => insertAssignment(body));
      if (publish) await publishAssignments({ ids: [saved.id] });
      return saved;
    },
    update: async (id, { body, publish }) => {
      const saved = await guarded(publish, () => updateAssignment({ ...body, id }));
      if (publish) await publishAssignments({ ids: [id] });
      return saved;
    },
    listPath: '/dashboard/manage-learn-assign',
    perms: { add: 'xxzp:add', modify: 'xxzp:modify' },
    toForm: (a) =>
      a
        ? { title: a.title, deadline: a.deadline, courses: a.courses.map((c) => ({ courseId: c.courseId, name: c.name, required: c.required })), audience: a.audience }
        : { courses: [], audience: [] },
    saveErrors: false,
    savedText: ({ publish }) => t(publish ? 'assignment.publishedOk' : 'common.saved'),
  });
  formRef.current = ed.form;

  const submit = (publish: boolean) =>
    void ed.submit(AssignmentCreateSchema, (v) => ({ body: { ...v, courses: v.courses.map((c) => ({ courseId: c.courseId, required: c.required })) }, publish }));
  resubmit.current = submit;

  return (
    <RecordEditorCard
      editor={ed}
      testId="assignment"
      title={t(ed.id ? 'assignment.edit' : 'assignment.add')}
      schema={AssignmentCreateSchema}
      fields={fields}
      formStyle={{ maxWidth: 720 }}
      actions={ed.canSave ? <SaveAndPublishButtons testId="assignment" publishKey="assignment.saveAndPublish" saving={ed.saving} onSubmit={submit} /> : null}
    />
  );
}
