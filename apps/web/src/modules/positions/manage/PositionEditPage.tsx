import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PositionInsertSchema, type Page, type PositionInsert, type PositionRow } from '@hanlin/shared';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { LabelSelect } from '../../labels/components/LabelSelect';
import { showSaveError } from '../../../platform/forms/server-errors';
import { findPositionById, insertPosition, updatePosition } from '../api';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'positions.name', testId: 'positions-name' },
  { name: 'labelIds', labelKey: 'positions.labels', control: <LabelSelect kind="job" testId="positions-labelIds" />, extraKey: 'positions.labelsHint' },
  { name: 'sort', labelKey: 'positions.sort', kind: 'number', testId: 'positions-sort' },
  { name: 'description', labelKey: 'positions.description', kind: 'textarea', testId: 'positions-description' },
];
const LIST = '/dashboard/manage-job';

/** `add-job`: add a position, or edit one with `?id=`. */
export default function PositionEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm();
  const canSave = useCan(id ? 'gwgl:modify' : 'gwgl:add');

  const existing = useQuery({
    queryKey: ['position', 'one', id],
    queryFn: () =>
      findPositionById(
        id!,
        qc.getQueriesData<Page<PositionRow>>({ queryKey: ['position'] }).flatMap(([, d]) => (d && 'records' in d ? [d] : [])),
      ),
    enabled: !!id,
  });
  const initial = useMemo<Record<string, unknown>>(() => {
    const p = existing.data;
    if (!id || !p) return {};
    return { name: p.name, description: p.description, sort: p.sort, labelIds: p.labels.map((l) => l.id) };
  }, [id, existing.data]);

  const save = useMutation({
    mutationFn: (body: PositionInsert) =>
      id ? updatePosition({ ...body, description: body.description ?? null, labelIds: body.labelIds ?? [], id }) : insertPosition(body),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await qc.invalidateQueries({ queryKey: ['position'] });
      void navigate(LIST);
    },
    onError: (err) =>
      showSaveError(form, err, { fields: fields.map((f) => f.name), byCode: { DUPLICATE_POSITION: 'name', IN_USE_POSITION: 'name' } }),
  });

  const submit = async () => {
    const v = await readForm(form, PositionInsertSchema, t).catch(() => null);
    if (v) save.mutate(v as PositionInsert);
  };

  if (id && existing.isSuccess && !existing.data) return <Empty description={t('positions.notFound')} />;
  return (
    <Card title={t(id ? 'positions.edit' : 'positions.add')} data-testid="positions-edit-page">
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <div style={{ maxWidth: 640 }}>
          <SchemaForm form={form} schema={PositionInsertSchema} fields={fields} initialValues={initial} testId="positions-form" />
        </div>
      )}
      <Space>
        <Button onClick={() => void navigate(LIST)} data-testid="positions-cancel">
          {t('common.cancel')}
        </Button>
        {canSave ? (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="positions-submit">
            {t('common.save')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
