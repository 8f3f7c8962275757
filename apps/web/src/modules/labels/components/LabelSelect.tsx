import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, type LabelKind } from '@hanlin/shared';
import { getLabelOptions } from '../api';

interface Props {
  kind: LabelKind;
  value?: number[];
  onChange?: (v: number[]) => void;
  mode?: 'multiple';
  testId?: string;
  /** Single-choice use (filters): value is one id. */
  single?: boolean;
  style?: React.CSSProperties;
  [injected: string]: unknown;
}

/** Labels of one kind grouped by category; at most 5 per object (spec). */
export function LabelSelect({ kind, testId, single, style, ...rest }: Props) {
  const { t } = useTranslation();
  const groups = useQuery({ queryKey: ['label', 'options', kind], queryFn: () => getLabelOptions({ kind }), staleTime: 60_000 });
  return (
    <Select
      {...rest}
      mode={single ? undefined : 'multiple'}
      maxCount={single ? undefined : CONSTANTS.LABELS_PER_OBJECT}
      allowClear
      loading={groups.isLoading}
      style={style}
      placeholder={t('labels.choose')}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid={testId}
      options={(groups.data ?? [])
        .filter((g) => g.labels.length)
        .map((g) => ({ label: g.name, title: g.name, options: g.labels.map((l) => ({ value: l.id, label: l.name })) }))}
    />
  );
}
