import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { OrgInsertSchema, type OrgDetail } from '@hanlin/shared';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { showSaveError } from '../../../platform/forms/server-errors';
import { insertOrg, sortOrg, updateOrg } from '../api';
import { LeaderSelect } from '../components/LeaderSelect';
import { useFeedback } from '../../../platform/feedback';

/** What the side panel shows: an organization, or the form of a new one. */
export type OrgPanel =
  | { kind: 'none' }
  | { kind: 'view'; id: number }
  | { kind: 'edit'; id: number }
  | { kind: 'new'; parentId: number; place?: { position: 'above' | 'below'; targetId: number } };

const FormSchema = OrgInsertSchema.pick({ name: true, code: true, sort: true, leaderIds: true });

export interface OrgEditCardProps {
  panel: Extract<OrgPanel, { kind: 'edit' | 'new' }>;
  /** The organization edited (undefined while it loads, or when adding). */
  detail: OrgDetail | undefined;
  loading: boolean;
  parentName: string | undefined;
  /** Name of the organization a new one is placed above or below. */
  placeName?: string;
  /** After a save, with the saved organization's id; the tree is refreshed by the caller. */
  onSaved: (id: number) => Promise<void>;
  onCancel: () => void;
}

/** The side form adding or amending an organization (`OrgInsertSchema` gives its rules); a placed new one is sorted beside its target. */
export function OrgEditCard({ panel, detail, loading, parentName, placeName, onSaved, onCancel }: OrgEditCardProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const editing = panel.kind === 'edit';

  const save = useMutation({
    mutationFn: async (values: z.output<typeof FormSchema>) => {
      // A cleared code or leader list is sent as cleared (left out, an update keeps the old one).
      const body = { ...values, code: values.code ?? null, leaderIds: values.leaderIds ?? [] };
      if (panel.kind === 'edit') {
        await updateOrg({ id: panel.id, ...body });
        return panel.id;
      }
      const { id } = await insertOrg({ parentId: panel.parentId, ...body });
      if (panel.place) await sortOrg({ id, ...panel.place });
      return id;
    },
    onSuccess: async (id) => {
      message.success(t('common.saved'));
      await onSaved(id);
    },
    onError: (e) => showSaveError(form, e),
  });

  const initial = useMemo<Record<string, unknown>>(
    () => (editing && detail ? { name: detail.name, code: detail.code, sort: detail.sort, leaderIds: detail.leaders.map((l) => l.id) } : { sort: 0, leaderIds: [] }),
    [editing, detail],
  );

  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', labelKey: 'org.name', testId: 'org-form-name' },
      { name: 'code', labelKey: 'org.code', testId: 'org-form-code' },
      {
        name: 'leaderIds',
        labelKey: 'org.leaders',
        extraKey: 'org.leadersHint',
        control: <LeaderSelect testId="org-form-leaders" initial={editing ? (detail?.leaders ?? []) : []} />,
      },
      { name: 'sort', labelKey: 'org.sort', kind: 'number', testId: 'org-form-sort' },
    ],
    [editing, detail],
  );

  async function submit() {
    const v = await readForm(form, FormSchema, t).catch(() => null);
    if (v) save.mutate(v);
  }

  return (
    <Card
      size="small"
      title={t(editing ? 'org.editTitle' : 'org.addTitle')}
      data-testid="org-form"
      extra={parentName ? <span>{t('org.parentIs', { name: parentName })}</span> : null}
    >
      {editing && loading ? <Spin /> : <SchemaForm form={form} schema={FormSchema} fields={fields} initialValues={initial} testId="org-form-body" />}
      {panel.kind === 'new' && panel.place ? (
        <Typography.Paragraph type="secondary">{t(panel.place.position === 'above' ? 'org.placeAbove' : 'org.placeBelow', { name: placeName ?? '' })}</Typography.Paragraph>
      ) : null}
      <Space>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="org-form-submit">
          {t('common.save')}
        </Button>
        <Button onClick={onCancel} data-testid="org-form-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Card>
  );
}
