import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Radio, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { questionnaireRoutes, type CategoryNode, type QuestionnaireRow } from '@hanlin/shared';
import { defineCategoryTree } from '../../../platform/components/CategoryTree';
import { useDebounced } from '../../../platform/useDebounced';
import { findPublishedTemplates, getQuestionnaireCategoryTree } from '../api';

interface ControlProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
}

/** The questionnaire classification tree beside the survey list (the tree itself is edited with wjgl). */
export const SurveyCategoryTree = defineCategoryTree({ name: 'survey', permission: 'wjgl', queryKey: ['questionnaires', 'categories'], routes: questionnaireRoutes });

type Node = { id: number; name: string; children?: Node[] };
/** The tree's nodes as the select shows them: id, name and children. */
const toNode = ({ id, name, children }: CategoryNode): Node => ({ id, name, children: children.map(toNode) });

/** The survey's classification, from the questionnaire tree. */
export function CategorySelect({ value, onChange, disabled }: ControlProps<number | null>) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['questionnaires', 'categories'], queryFn: getQuestionnaireCategoryTree });
  const nodes = useMemo(() => (data ?? []).map(toNode), [data]);
  return (
    <TreeSelect<number>
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={nodes}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
      placeholder={t('survey.category.pick')}
      treeDefaultExpandAll
      data-testid="survey-category"
    />
  );
}

/** A yes/no choice shown as its two named answers (anonymous or named, one answer or repeatable). */
export function TwoWayChoice({ value, onChange, disabled, yesKey, noKey, testId }: ControlProps<boolean> & { yesKey: string; noKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={!!value} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} data-testid={testId}>
      <Radio value={false} data-testid={`${testId}-no`}>
        {t(noKey)}
      </Radio>
      <Radio value={true} data-testid={`${testId}-yes`}>
        {t(yesKey)}
      </Radio>
    </Radio.Group>
  );
}

export function SwitchControl({ value, onChange, disabled, testId }: ControlProps<boolean> & { testId?: string }) {
  return <Switch checked={!!value} disabled={disabled} onChange={(v) => onChange?.(v)} data-testid={testId} />;
}

/** A published questionnaire template, searched by name; `known` names the one already chosen. */
export function TemplatePicker({ value, onChange, disabled, known }: ControlProps<number | null> & { known?: { id: number; name: string } | null }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword);
  const { data, isFetching } = useQuery({
    queryKey: ['questionnaires', 'published', debounced],
    queryFn: () => findPublishedTemplates({ keyword: debounced || undefined }),
    enabled: !disabled,
  });
  const rows: Pick<QuestionnaireRow, 'id' | 'name' | 'questionCount'>[] = data?.records ?? [];
  const options = rows.map((r) => ({ value: r.id, label: t('survey.templateOption', { name: r.name, n: r.questionCount }) }));
  if (known && !rows.some((r) => r.id === known.id)) options.unshift({ value: known.id, label: known.name });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={isFetching}
      options={options}
      placeholder={t('survey.templatePick')}
      data-testid="survey-template"
    />
  );
}
