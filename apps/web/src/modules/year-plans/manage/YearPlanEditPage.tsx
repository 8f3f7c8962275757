import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { YearPlanCreateSchema, type YearPlanCreate, type YearPlanDetail } from '@hanlin/shared';
import { OrgTreeSelect } from '../../orgs/index';
import { getYearPlanById, insertYearPlan, updateYearPlan } from '../api';
import { TYPE_OPTIONS } from './year-plan-meta';
import { YearPlanLinesField } from './YearPlanLinesField';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'yearPlans.name', testId: 'year-plan-name' },
  { name: 'year', labelKey: 'yearPlans.year', kind: 'number', testId: 'year-plan-year' },
  { name: 'type', labelKey: 'yearPlans.type', kind: 'select', options: TYPE_OPTIONS, testId: 'year-plan-type' },
  { name: 'orgId', labelKey: 'yearPlans.org', control: <OrgTreeSelect testId="year-plan-org" /> },
  { name: 'lines', labelKey: 'yearPlans.lines', control: <YearPlanLinesField /> },
];

/** `add-train-year-plan`: create, or edit with `?id=` (a draft, refused or withdrawn plan); lines in yuan, sent in fen. */
export default function YearPlanEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<YearPlanDetail, YearPlanCreate>({
    queryKey: 'yearPlan',
    load: (id) => getYearPlanById({ id }),
    create: (b) => insertYearPlan(b),
    update: (id, b) => updateYearPlan({ ...b, id }),
    listPath: '/dashboard/manage-train-year-plan',
    toForm: (p) =>
      p
        ? { name: p.name, year: p.year, type: p.type, orgId: p.orgId, lines: p.lines.map(({ total: _total, actual: _actual, ...l }) => l) }
        : { type: 'annual', year: new Date().getFullYear() + 1, lines: [] },
  });
  const schema = YearPlanCreateSchema;
  return <RecordEditorCard editor={ed} testId="year-plan" title={t(ed.id ? 'yearPlans.edit' : 'yearPlans.add')} schema={schema} fields={fields} />;
}
