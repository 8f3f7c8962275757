import { useMemo } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { TRAIN_CLASS_COVER_PURPOSE, TRAIN_CLASS_PREVIEW_PURPOSE, TrainClassCreateSchema, type TrainClassCreate, type TrainClassDetail } from '@hanlin/shared';
import { OrgTreeSelect } from '../../orgs/index';
import { ImageUpload } from '../../uploads/index';
import { getTrainClassById, insertTrainClass, updateTrainClass } from '../api';
import { FORM_OPTIONS, MODE_OPTIONS, PLAN_KIND_OPTIONS } from '../components/meta';
import { ChoiceSelect, type Known } from '../components/ChoiceSelect';
import { StagesField } from '../components/StagesField';
import { BudgetItemsField } from '../components/BudgetItemsField';
import { FileField } from '../components/FileField';
import { YesNo } from '../components/YesNo';

const uniqueKnown = (xs: (Known | null)[]) => [...new Map(xs.filter((x): x is Known => !!x).map((x) => [x.id, x])).values()];

/** The record's chosen rooms, sites, lecturers, courses, headmaster and plan line, named for the pickers. */
function knownOf(c: TrainClassDetail | undefined) {
  const stages = c?.stages ?? [];
  return {
    boardroom: uniqueKnown(stages.map((s) => (s.boardroomId ? { id: s.boardroomId, label: s.boardroomName ?? '' } : null))),
    trainPlace: uniqueKnown(stages.map((s) => (s.trainPlaceId ? { id: s.trainPlaceId, label: s.trainPlaceName ?? '' } : null))),
    lecturer: uniqueKnown(stages.map((s) => (s.lecturerId ? { id: s.lecturerId, label: s.lecturerName ?? '' } : null))),
    course: (c?.courses ?? []).map((x) => ({ id: x.id, label: x.name })),
    user: c?.headmasterId ? [{ id: c.headmasterId, label: c.headmasterName ?? '' }] : [],
    planLine: c?.yearPlanLineId ? [{ id: c.yearPlanLineId, label: `#${c.yearPlanLineId}` }] : [],
    certificate: c?.certificateTemplateId ? [{ id: c.certificateTemplateId, label: c.certificateTemplateName ?? `#${c.certificateTemplateId}` }] : [],
  };
}

function toForm(c: TrainClassDetail | undefined): Record<string, unknown> {
  if (!c)
    return {
      mode: 'faceToFace',
      form: 'internal',
      planKind: 'outsidePlan',
      enrolApproval: false,
      queueEnabled: true,
      stages: [],
      budgetItems: [],
      courseIds: [],
      days: 1,
      certificateTemplateId: null,
    };
  return {
    name: c.name,
    orgId: c.orgId,
    mode: c.mode,
    form: c.form,
    planKind: c.planKind,
    yearPlanLineId: c.yearPlanLineId,
    courseIds: c.courses.map((x) => x.id),
    days: c.days,
    traineeQuota: c.traineeQuota,
    startAt: c.startAt,
    endAt: c.endAt,
    enrolStartAt: c.enrolStartAt,
    enrolEndAt: c.enrolEndAt,
    enrolApproval: c.enrolApproval,
    queueEnabled: c.queueEnabled,
    headmasterId: c.headmasterId,
    certificateTemplateId: c.certificateTemplateId,
    contact: c.contact,
    phone: c.phone,
    applicationNotice: c.applicationNotice,
    purpose: c.purpose,
    content: c.content,
    coverFile: c.cover?.ref ?? null,
    previewFile: c.preview?.ref ?? null,
    budgetItems: c.budgetItems,
    stages: c.stages.map((s) => ({
      id: s.id,
      name: s.name,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      boardroomId: s.boardroomId,
      trainPlaceId: s.trainPlaceId,
      placeText: s.placeText,
      lecturerId: s.lecturerId,
      trainCourseId: s.trainCourseId,
      topic: s.topic,
    })),
  };
}

/**
 * `add-train-class`: create a class, or edit one with `?id=` (waiting to be published freely; once
 * published under the change rules the server enforces, naming the field it refuses).
 */
export default function TrainClassEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<TrainClassDetail, TrainClassCreate>({
    queryKey: 'trainClass',
    load: (id) => getTrainClassById({ id }),
    create: (b) => insertTrainClass(b),
    update: (id, b) => updateTrainClass({ ...b, id }),
    listPath: '/dashboard/manage-train-class',
    perms: { add: 'pxapgl:add', modify: 'pxapgl:modify' },
    toForm,
  });
  const mode: unknown = Form.useWatch('mode', ed.form);
  const planKind: unknown = Form.useWatch('planKind', ed.form);
  const record = ed.record;
  const fields = useMemo((): FieldSpec[] => {
    const known = knownOf(record);
    return [
      { name: 'name', labelKey: 'trainClasses.name', testId: 'train-class-name' },
      { name: 'orgId', labelKey: 'trainClasses.org', control: <OrgTreeSelect testId="train-class-org" /> },
      { name: 'mode', labelKey: 'trainClasses.mode', kind: 'select', options: MODE_OPTIONS, testId: 'train-class-mode' },
      ...(mode === 'mixed'
        ? [{ name: 'courseIds', labelKey: 'trainClasses.courses', control: <ChoiceSelect kind="course" multiple known={known.course} testId="train-class-courses" /> }]
        : []),
      { name: 'form', labelKey: 'trainClasses.form', kind: 'select', options: FORM_OPTIONS, testId: 'train-class-form' },
      { name: 'planKind', labelKey: 'trainClasses.planKind', kind: 'select', options: PLAN_KIND_OPTIONS, testId: 'train-class-plan-kind' },
      ...(planKind === 'inPlan'
        ? [
            {
              name: 'yearPlanLineId',
              labelKey: 'trainClasses.planLine',
              control: <ChoiceSelect kind="planLine" known={known.planLine} testId="train-class-plan-line" style={{ width: '100%' }} />,
            },
          ]
        : []),
      { name: 'startAt', labelKey: 'trainClasses.startAt', kind: 'datetime', testId: 'train-class-start' },
      { name: 'endAt', labelKey: 'trainClasses.endAt', kind: 'datetime', testId: 'train-class-end' },
      { name: 'days', labelKey: 'trainClasses.days', kind: 'number', testId: 'train-class-days' },
      { name: 'enrolStartAt', labelKey: 'trainClasses.enrolStartAt', kind: 'datetime', testId: 'train-class-enrol-start' },
      { name: 'enrolEndAt', labelKey: 'trainClasses.enrolEndAt', kind: 'datetime', testId: 'train-class-enrol-end' },
      { name: 'traineeQuota', labelKey: 'trainClasses.traineeQuota', kind: 'number', testId: 'train-class-quota' },
      { name: 'enrolApproval', labelKey: 'trainClasses.enrolApproval', control: <YesNo testId="train-class-enrol-approval" /> },
      { name: 'queueEnabled', labelKey: 'trainClasses.queueEnabled', control: <YesNo testId="train-class-queue" /> },
      { name: 'headmasterId', labelKey: 'trainClasses.headmaster', control: <ChoiceSelect kind="user" known={known.user} testId="train-class-headmaster" /> },
      {
        name: 'certificateTemplateId',
        labelKey: 'trainClasses.certificate',
        extraKey: 'trainClasses.certificateHint',
        control: <ChoiceSelect kind="certificate" known={known.certificate} testId="train-class-certificate" placeholderKey="trainClasses.certificateNone" />,
      },
      { name: 'contact', labelKey: 'trainClasses.contact', testId: 'train-class-contact' },
      { name: 'phone', labelKey: 'trainClasses.phone', testId: 'train-class-phone' },
      {
        name: 'coverFile',
        labelKey: 'trainClasses.cover',
        control: <ImageUpload purpose={TRAIN_CLASS_COVER_PURPOSE} previewUrl={record?.cover?.url} testId="train-class-cover" />,
      },
      {
        name: 'previewFile',
        labelKey: 'trainClasses.preview',
        control: <FileField purpose={TRAIN_CLASS_PREVIEW_PURPOSE} name={record?.preview?.name} testId="train-class-preview" />,
      },
      { name: 'applicationNotice', labelKey: 'trainClasses.applicationNotice', kind: 'textarea', testId: 'train-class-notice' },
      { name: 'purpose', labelKey: 'trainClasses.purpose', kind: 'textarea' },
      { name: 'content', labelKey: 'trainClasses.content', kind: 'textarea' },
      { name: 'budgetItems', labelKey: 'trainClasses.budget', control: <BudgetItemsField /> },
      { name: 'stages', labelKey: 'trainClasses.stages', control: <StagesField known={known} /> },
    ];
  }, [mode, planKind, record]);
  return <RecordEditorCard editor={ed} testId="train-class" title={t(ed.id ? 'trainClasses.edit' : 'trainClasses.add')} schema={TrainClassCreateSchema} fields={fields} />;
}
