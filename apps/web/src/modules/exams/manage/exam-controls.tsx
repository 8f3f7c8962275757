import { useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Select, Switch, Tag, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExamPaperInfoRow } from '@hanlin/shared';
import { searchAudience } from '../../audiences/index';
import { findCertificateOptions, findExamPapers, getExamCategoryTree } from '../api';

interface ControlProps<V> {
  value?: V;
  onChange?: (value: V) => void;
}

/** A yes/no setting as a switch. */
export function SwitchControl({ value, onChange, testId }: ControlProps<boolean> & { testId?: string }) {
  return <Switch checked={!!value} onChange={(v) => onChange?.(v)} data-testid={testId} />;
}

/** The exam's category, from the classification tree. */
export function CategorySelect({ value, onChange }: ControlProps<number | null>) {
  const { t } = useTranslation();
  const { data = [] } = useQuery({ queryKey: ['exams', 'categories'], queryFn: getExamCategoryTree });
  return (
    <TreeSelect<number>
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={data}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
      placeholder={t('exam.category.pick')}
      treeDefaultExpandAll
      data-testid="exam-category"
    />
  );
}

function PaperFacts({ paper }: { paper: ExamPaperInfoRow }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="exam-paper-facts">
      {t(`exam.paperKind_${paper.kind}`)} · {t('exam.paperFacts', { total: paper.total, count: paper.questionCount })}
      {paper.hasSubjective ? ` · ${t('exam.paperSubjective')}` : ''} {paper.usable ? null : <Tag color="red">{t('exam.paperUnusable')}</Tag>}
    </Typography.Text>
  );
}

/** The paper: searched by name through the exam's paper source; the chosen one's total and kind shown below. */
export function PaperPicker({ value, onChange }: ControlProps<number>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['exams', 'papers', keyword], queryFn: () => findExamPapers({ keyword: keyword || undefined }) });
  const current = useQuery({ queryKey: ['exams', 'paper', value], queryFn: value ? () => findExamPapers({ ids: [value] }) : skipToken });
  const chosen = current.data?.[0];
  const options = [...(chosen ? [chosen] : []), ...(found.data ?? []).filter((p) => p.id !== value)];
  return (
    <>
      <Select<number>
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        value={value}
        onChange={(v) => onChange?.(v)}
        placeholder={t('exam.paperPick')}
        loading={found.isFetching}
        options={options.map((p) => ({ value: p.id, label: `${p.name} (${p.total})`, disabled: !p.usable }))}
        data-testid="exam-paper"
      />
      {chosen ? <PaperFacts paper={chosen} /> : null}
    </>
  );
}

/** The reviewers: people searched by name. */
export function ReviewerPicker({ value = [], onChange, known = [] }: ControlProps<number[]> & { known?: { id: number; name: string | null }[] }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data = [] } = useQuery({ queryKey: ['exams', 'reviewers', keyword], queryFn: () => searchAudience({ type: 'user', keyword: keyword || undefined }) });
  const names = new Map<number, string>(known.map((k) => [k.id, k.name ?? `#${k.id}`]));
  for (const c of data) names.set(c.id, c.detail ? `${c.name} (${c.detail})` : c.name);
  return (
    <Select<number[]>
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={t('exam.reviewersPick')}
      options={[...names].map(([id, label]) => ({ value: id, label }))}
      data-testid="exam-reviewers"
    />
  );
}

/** The certificate issued on a pass (templates of the certificates module). */
export function CertificateSelect({ value, onChange }: ControlProps<number | null>) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['exams', 'certificates'], queryFn: findCertificateOptions, retry: false });
  return (
    <Select<number>
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('exam.certificateNone')}
      options={(data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
      data-testid="exam-certificate"
    />
  );
}
