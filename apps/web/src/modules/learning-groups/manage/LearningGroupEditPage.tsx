import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LearningGroupInsertSchema, type LearningGroupInsert, type LearningGroupRow, type Page } from '@hanlin/shared';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { showSaveError } from '../../../platform/forms/server-errors';
import { findLearningGroupById, insertLearningGroup, updateLearningGroup } from '../api';
import { GroupStatusTag, KIND_OPTIONS } from './group-meta';
import { MembersPane } from './MembersPane';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'learningGroups.name', testId: 'learning-groups-name' },
  { name: 'kind', labelKey: 'learningGroups.kind', kind: 'select', options: KIND_OPTIONS, testId: 'learning-groups-kind' },
  { name: 'description', labelKey: 'learningGroups.description', kind: 'textarea', testId: 'learning-groups-description' },
];
/** The form edits these; the owning organization stays the creator's (data scope). */
const FormSchema = LearningGroupInsertSchema.pick({ name: true, kind: true, description: true });
const LIST = '/dashboard/manage-learning-group';

/** `add-legroup`: create a group, or with `?id=` edit it and manage its members. */
export default function LearningGroupEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm();
  const canSave = useCan(id ? 'xxqz:modify' : 'xxqz:add');

  const existing = useQuery({
    queryKey: ['learning-group', 'one', id],
    queryFn: () =>
      findLearningGroupById(
        id!,
        qc.getQueriesData<Page<LearningGroupRow>>({ queryKey: ['learning-group'] }).flatMap(([, d]) => (d && 'records' in d && d.records[0] && 'memberCount' in d.records[0] ? [d] : [])),
      ),
    enabled: !!id,
  });
  const initial = useMemo<Record<string, unknown>>(() => {
    const g = existing.data;
    if (!id || !g) return { kind: 'formal' };
    return { name: g.name, kind: g.kind, description: g.description };
  }, [id, existing.data]);

  const save = useMutation({
    mutationFn: (body: LearningGroupInsert) =>
      id ? updateLearningGroup({ ...body, description: body.description ?? null, id }) : insertLearningGroup(body),
    onSuccess: async (data) => {
      message.success(t('common.saved'));
      await qc.invalidateQueries({ queryKey: ['learning-group'] });
      // A new group goes on to its members; an edited one back to the list.
      const created = (data as { id?: number } | null)?.id;
      if (!id && created) void navigate(`/dashboard/add-legroup?id=${created}`, { replace: true });
      else void navigate(LIST);
    },
    onError: (err) => showSaveError(form, err, { fields: fields.map((f) => f.name), byCode: { DUPLICATE_LEARNING_GROUP: 'name' } }),
  });

  const submit = async () => {
    const v = await readForm(form, FormSchema, t).catch(() => null);
    if (v) save.mutate(v as LearningGroupInsert);
  };

  if (id && existing.isSuccess && !existing.data) return <Empty description={t('learningGroups.notFound')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="learning-groups-edit-page">
      <Card title={t(id ? 'learningGroups.edit' : 'learningGroups.add')} extra={existing.data ? <GroupStatusTag status={existing.data.status} /> : null}>
        {id && existing.isLoading ? (
          <Spin />
        ) : (
          <div style={{ maxWidth: 640 }}>
            <SchemaForm form={form} schema={FormSchema} fields={fields} initialValues={initial} testId="learning-groups-form" />
          </div>
        )}
        {!id ? <Alert type="info" showIcon title={t('learningGroups.membersAfterSave')} style={{ marginBottom: 16 }} /> : null}
        <Space>
          <Button onClick={() => void navigate(LIST)} data-testid="learning-groups-cancel">
            {t('common.back')}
          </Button>
          {canSave ? (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="learning-groups-submit">
              {t('common.save')}
            </Button>
          ) : null}
        </Space>
      </Card>
      {id && existing.data ? <MembersPane groupId={id} /> : null}
    </Space>
  );
}
