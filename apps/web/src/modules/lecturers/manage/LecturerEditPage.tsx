import { useMemo } from 'react';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LECTURER_USERNAME_PATTERN, LecturerInsertSchema, type LecturerDetail, type LecturerInsert } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { ImageUpload } from '../../uploads/index';
import { OrgTreeSelect } from '../../orgs/index';
import { getLecturerById, insertLecturer, updateLecturer, type InnerUser } from '../api';
import { InnerUserSelect } from '../components/InnerUserSelect';
import { useTeacherLevels } from '../components/TeacherLevelsDrawer';
import { KIND_OPTIONS } from '../components/lecturer-meta';
import '../../../platform/components/two-col-form.css';

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
      onChange={(v) => props.onChange?.(v ?? null)}
      options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
    />
  );
}

const CLEARABLE = ['userId', 'email', 'unit', 'title', 'levelId', 'avatar', 'introduction', 'certificate', 'machineCode'];

/** `add-lecturer`: internal (picked from the employees) or external lecturer; edit with `?id=`. */
export default function LecturerEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<LecturerDetail, LecturerInsert>({
    queryKey: 'lecturer',
    invalidate: ['teacher-level'],
    load: (id) => getLecturerById({ id }),
    create: insertLecturer,
    update: (id, body) => updateLecturer({ ...body, id }),
    listPath: '/dashboard/manage-lecturer',
    perms: { add: 'jsgl:add', modify: 'jsgl:modify' },
    toForm: (l) => {
      if (!l) return { kind: 'internal', feeFen: 0 };
      const { id: _i, orgName: _o, levelName: _l, status: _s, certified: _c, createdAt: _t, ...rest } = l;
      return rest;
    },
    toBody: (v, id) => {
      if (v.kind !== 'internal') v.userId = null;
      if (id) for (const k of CLEARABLE) if (v[k] === undefined) v[k] = null;
      return v as LecturerInsert;
    },
  });
  const { form, record: l } = ed;
  const kind: unknown = Form.useWatch('kind', form);

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
            },
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
      {
        name: 'avatar',
        labelKey: 'lecturer.avatar',
        control: <ImageUpload purpose="avatar" testId="lecturer-avatar" previewUrl={l?.avatar && /^https?:/.test(l.avatar) ? l.avatar : null} />,
      },
      { name: 'introduction', labelKey: 'lecturer.introduction', kind: 'textarea', testId: 'lecturer-introduction' },
      { name: 'certificate', labelKey: 'lecturer.certificate', testId: 'lecturer-certificate' },
      { name: 'machineCode', labelKey: 'lecturer.machineCode', testId: 'lecturer-machineCode' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, l],
  );

  return (
    <RecordEditorCard
      editor={ed}
      testId="lecturer"
      title={t(ed.id ? 'lecturer.edit' : 'lecturer.add')}
      schema={LecturerInsertSchema}
      fields={fields}
      formStyle={{ className: 'hl-two-col-form', maxWidth: 1100 }}
    />
  );
}
