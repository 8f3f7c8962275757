import { useMemo } from 'react';
import { Button, Card, Form, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OrgInsertSchema, type OrgDetail } from '@hanlin/shared';
import { SchemaForm, readForm, useFormPage, type FieldSpec } from '../../../platform/kernel';
import { showSaveError } from '../../../platform/forms/server-errors';
import { insertOrg, sortOrg, updateOrg } from '../api';
import { LeaderSelect } from '../components/LeaderSelect';

/** What the side panel shows: an organization, or the form of a new one. */
export type OrgPanel =
  | { kind: 'none' }
  | { kind: 'view'; id: number }
  | { kind: 'edit'; id: number }
  | { kind: 'new'; parentId: number; place?: { position: 'above' | 'below'; targetId: number } };

/**
 * The panel lives in the page's query (`?id=`, `?edit=`, `?add=<parent>[&above|below=<target>]`): a link or a reload
 * opens it again, and what was typed in a form survives a switch to another management tab with its own record.
 */
export function panelOf(params: URLSearchParams): OrgPanel {
  const n = (key: string) => Number(params.get(key)) || 0;
  if (n('edit')) return { kind: 'edit', id: n('edit') };
  if (n('add')) {
    const position = n('above') ? 'above' : n('below') ? 'below' : null;
    return { kind: 'new', parentId: n('add'), ...(position ? { place: { position, targetId: n(position) } } : {}) };
  }
  return n('id') ? { kind: 'view', id: n('id') } : { kind: 'none' };
}

/** The query of a panel (see `panelOf`). */
export function searchOf(panel: OrgPanel): string {
  if (panel.kind === 'none') return '';
  if (panel.kind === 'view') return `?id=${panel.id}`;
  if (panel.kind === 'edit') return `?edit=${panel.id}`;
  return `?add=${panel.parentId}${panel.place ? `&${panel.place.position}=${panel.place.targetId}` : ''}`;
}

const FormSchema = OrgInsertSchema.pick({ name: true, code: true, sort: true, leaderIds: true });

export interface OrgEditCardProps {
  panel: Extract<OrgPanel, { kind: 'edit' | 'new' }>;
  /** The organization edited (undefined while it loads, or when adding). */
  detail: OrgDetail | undefined;
  loading: boolean;
  parentName: string | undefined;
  /** Name of the organization a new one is placed above or below. */
  placeName?: string;
}

/**
 * The side form adding or amending an organization (`OrgInsertSchema` gives its rules); a placed new one is sorted beside
 * its target. Half-filled, it asks before the page is left; saved, the tree refreshes and the panel shows the organization.
 */
export function OrgEditCard({ panel, detail, loading, parentName, placeName }: OrgEditCardProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [form] = Form.useForm();
  const editing = panel.kind === 'edit';
  const page = useFormPage({ form, title: undefined, queryKey: 'org', ready: !editing || !!detail });
  const show = (next: OrgPanel) => pathname + searchOf(next);

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
    const values = await readForm(form, FormSchema, t).catch(() => null);
    if (!values) return;
    // A cleared code or leader list is sent as cleared (left out, an update keeps the old one).
    const body = { ...values, code: values.code ?? null, leaderIds: values.leaderIds ?? [] };
    await page.save(
      async () => {
        if (panel.kind === 'edit') {
          await updateOrg({ id: panel.id, ...body });
          return show({ kind: 'view', id: panel.id });
        }
        const { id } = await insertOrg({ parentId: panel.parentId, ...body });
        if (panel.place) await sortOrg({ id, ...panel.place });
        return show({ kind: 'view', id });
      },
      (e) => showSaveError(form, e),
    );
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
        <Button type="primary" loading={page.saving} onClick={() => void submit()} data-testid="org-form-submit">
          {t('common.save')}
        </Button>
        <Button onClick={() => page.leave(show(editing ? { kind: 'view', id: panel.id } : { kind: 'none' }), { replace: true })} data-testid="org-form-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Card>
  );
}
