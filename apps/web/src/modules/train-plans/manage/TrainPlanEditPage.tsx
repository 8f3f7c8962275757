import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { TrainPlanCreateSchema, type TrainPlanCreate, type TrainPlanRow } from '@hanlin/shared';
import { OrgTreeSelect } from '../../orgs/index';
import { getTrainPlanById, insertTrainPlan, updateTrainPlan } from '../api';
import { FORM_OPTIONS, YuanInput } from './train-plan-meta';
import { YearPlanSelect } from './YearPlanSelect';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'trainPlans.name', testId: 'train-plan-name' },
  { name: 'orgId', labelKey: 'trainPlans.org', control: <OrgTreeSelect testId="train-plan-org" /> },
  { name: 'reason', labelKey: 'trainPlans.reason', kind: 'textarea', testId: 'train-plan-reason' },
  { name: 'startDate', labelKey: 'trainPlans.startDate', control: <Input type="date" data-testid="train-plan-start" /> },
  { name: 'endDate', labelKey: 'trainPlans.endDate', control: <Input type="date" data-testid="train-plan-end" /> },
  { name: 'trainingType', labelKey: 'trainPlans.trainingType', testId: 'train-plan-training-type' },
  { name: 'form', labelKey: 'trainPlans.form', kind: 'select', options: FORM_OPTIONS, testId: 'train-plan-form' },
  { name: 'days', labelKey: 'trainPlans.days', kind: 'number', testId: 'train-plan-days' },
  { name: 'sessions', labelKey: 'trainPlans.sessions', kind: 'number', testId: 'train-plan-sessions' },
  { name: 'trainees', labelKey: 'trainPlans.trainees', kind: 'number', testId: 'train-plan-trainees' },
  { name: 'siteFee', labelKey: 'trainPlans.siteFee', control: <YuanInput testId="train-plan-siteFee" /> },
  { name: 'teacherFee', labelKey: 'trainPlans.teacherFee', control: <YuanInput testId="train-plan-teacherFee" /> },
  { name: 'textbookFee', labelKey: 'trainPlans.textbookFee', control: <YuanInput testId="train-plan-textbookFee" /> },
  { name: 'travelFee', labelKey: 'trainPlans.travelFee', control: <YuanInput testId="train-plan-travelFee" /> },
  { name: 'yearPlanId', labelKey: 'trainPlans.yearPlan', control: <YearPlanSelect /> },
];

/** `manage-train-plan-edit`: create, or edit with `?id=` (a draft, refused or withdrawn plan); amounts in yuan, sent in fen. */
export default function TrainPlanEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<TrainPlanRow, TrainPlanCreate>({
    queryKey: 'trainPlan',
    load: (id) => getTrainPlanById({ id }),
    create: (b) => insertTrainPlan(b),
    update: (id, b) => updateTrainPlan({ ...b, id }),
    listPath: '/dashboard/manage-train-plan',
    perms: { add: 'pxjh:add', modify: 'pxjh:modify' },
    toForm: (p) =>
      p
        ? {
            name: p.name,
            orgId: p.orgId,
            reason: p.reason,
            startDate: p.startDate,
            endDate: p.endDate,
            trainingType: p.trainingType,
            form: p.form,
            days: p.days,
            sessions: p.sessions,
            trainees: p.trainees,
            siteFee: p.siteFee,
            teacherFee: p.teacherFee,
            textbookFee: p.textbookFee,
            travelFee: p.travelFee,
            yearPlanId: p.yearPlanId,
          }
        : { form: 'inside', days: 1, sessions: 1, trainees: 20, siteFee: 0, teacherFee: 0, textbookFee: 0, travelFee: 0, yearPlanId: null },
  });
  return <RecordEditorCard editor={ed} testId="train-plan" title={t(ed.id ? 'trainPlans.edit' : 'trainPlans.add')} schema={TrainPlanCreateSchema} fields={fields} />;
}
