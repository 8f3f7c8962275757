import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LECTURER_USERNAME_PATTERN, LecturerInsertSchema, type LecturerInsert } from '@hanlin/shared';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { ImageUpload } from '../../files/ImageUpload';
import { OrgTreeSelect } from '../../orgs/components/OrgTreeSelect';
import { showSaveError } from '../../../platform/forms/server-errors';
import { getLecturerById, insertLecturer, updateLecturer, type InnerUser } from '../api';
import { InnerUserSelect } from '../components/InnerUserSelect';
import { useTeacherLevels } from '../components/TeacherLevelsDrawer';
import { KIND_OPTIONS } from '../components/lecturer-meta';
import '../../users/components/people-form.css';

/** Fee typed in yuan, kept in fen. */
function FeeControl({ value, onChange, ...rest }: { value?: number; onChange?: (fen: number | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <InputNumber
      {...rest}
      data-testid="lecturer-fee"
      min={0}
      max={999999.99}
      precision={2}
      step={10}
      style={{ width: 220 }}
      suffix={t('lecturer.yuanPerTime')}
      value={value == null ? undefined : value / 100}
      onChange={(v) => onChange?.(v == null ? undefined : Math.round(Number(v) * 100))}
    />
  );
}

function LevelSelect(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const levels = useTeacherLevels();
  return (
    <Select
      {...props}
      allowClear
      data-testid="lecturer-level"
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.((v as number | undefined) ?? null)}
      options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
    />
  );
}

const CLEARABLE = ['userId', 'email', 'unit', 'title', 'levelId', 'avatar', 'introduction', 'certificate', 'machineCode'];
const LIST = '/dashboard/manage-lecturer';

/** `add-lecturer`: internal (picked from the employees) or external lecturer; edit with `?id=`. */
export default function LecturerEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const mayWrite = useCan(id ? 'jsgl:modify' : 'jsgl:add');
  const [form] = Form.useForm();
  const kind = Form.useWatch('kind', form) as string | undefined;

  const existing = useQuery({ queryKey: ['lecturer', 'one', id], queryFn: () => getLecturerById({ id: id! }), enabled: !!id });
  const l = existing.data;
  const initial = useMemo<Record<string, unknown>>(() => {
    if (!id || !l) return { kind: 'internal', feeFen: 0 };
    const { id: _i, orgName: _o, levelName: _l, status: _s, certified: _c, createdAt: _t, ...rest } = l;
    return rest;
  }, [id, l]);

  const onPick = (u: InnerUser | null) => {
    if (!u) return;
    form.setFieldsValue({
      realname: u.realname,
      email: u.email ?? undefined,
      orgId: u.orgId ?? undefined,
      ...(LECTURER_USERNAME_PATTERN.test(u.username) ? { username: u.username } : {}),
    });
  };

  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'kind', labelKey: 'lecturer.kind', kind: 'select', options: KIND_OPTIONS, testId: 'lecturer-kind' },
      ...(kind === 'internal'
        ? [
            {
              name: 'userId',
              labelKey: 'lecturer.user',
              extraKey: 'lecturer.userHint',
              control: <InnerUserSelect testId="lecturer-user" onPick={onPick} initial={l?.userId ? { id: l.userId, label: `${l.realname} (${l.username})` } : null} />,
            } as FieldSpec,
          ]
        : []),
      { name: 'realname', labelKey: 'lecturer.realname', testId: 'lecturer-realname' },
      { name: 'username', labelKey: 'lecturer.username', testId: 'lecturer-username', extraKey: 'lecturer.usernameHint' },
      { name: 'email', labelKey: 'lecturer.email', testId: 'lecturer-email' },
      { name: 'orgId', labelKey: 'lecturer.org', control: <OrgTreeSelect testId="lecturer-org" /> },
      { name: 'unit', labelKey: 'lecturer.unit', testId: 'lecturer-unit' },
      { name: 'title', labelKey: 'lecturer.title', testId: 'lecturer-title' },
      { name: 'levelId', labelKey: 'lecturer.level', control: <LevelSelect /> },
      { name: 'feeFen', labelKey: 'lecturer.fee', control: <FeeControl /> },
      { name: 'avatar', labelKey: 'lecturer.avatar', control: <ImageUpload testId="lecturer-avatar" previewUrl={l?.avatar && /^https?:/.test(l.avatar) ? l.avatar : null} /> },
      { name: 'introduction', labelKey: 'lecturer.introduction', kind: 'textarea', testId: 'lecturer-introduction' },
      { name: 'certificate', labelKey: 'lecturer.certificate', testId: 'lecturer-certificate' },
      { name: 'machineCode', labelKey: 'lecturer.machineCode', testId: 'lecturer-machineCode' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, l],
  );

  const save = useMutation({
    mutationFn: (body: LecturerInsert) => (id ? updateLecturer({ ...body, id }) : insertLecturer(body)),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await qc.invalidateQueries({ queryKey: ['lecturer'] });
      await qc.invalidateQueries({ queryKey: ['teacher-level'] });
      void navigate(LIST);
    },
    onError: (e) => showSaveError(form, e),
  });

  const submit = async () => {
    const v = await readForm(form, LecturerInsertSchema, t).catch(() => null);
    if (!v) return;
    if (v.kind !== 'internal') v.userId = null;
    if (id) for (const k of CLEARABLE) if (v[k] === undefined) v[k] = null;
    save.mutate(v as LecturerInsert);
  };

  return (
    <Card title={t(id ? 'lecturer.edit' : 'lecturer.add')} data-testid="lecturer-edit-page">
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <div className="hl-two-col-form" style={{ maxWidth: 1100 }}>
          <SchemaForm form={form} schema={LecturerInsertSchema} fields={fields} initialValues={initial} testId="lecturer-form" />
        </div>
      )}
      <Space>
        <Button onClick={() => void navigate(LIST)} data-testid="lecturer-cancel">
          {t('common.cancel')}
        </Button>
        {mayWrite ? (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="lecturer-submit">
            {t('common.save')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
