import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { NoticeCreateSchema, type NoticeCreate } from '@hanlin/shared';
import { NoticeFormSchema } from '../notice-form-schema';
import { ImageUpload } from '../../files/ImageUpload';
import { getNoticeById, insertNotice, releaseNotices, updateNotice } from '../api';
import { TYPE_OPTIONS } from './notice-meta';

function noticeFields(coverPreview: string | null): FieldSpec[] {
  return [
    { name: 'title', labelKey: 'notice.title', testId: 'notice-title' },
    { name: 'type', labelKey: 'notice.type', kind: 'select', options: TYPE_OPTIONS, testId: 'notice-type' },
    {
      name: 'cover',
      labelKey: 'notice.cover',
      control: <ImageUpload testId="notice-cover" previewUrl={coverPreview} />,
      extraKey: 'notice.coverHint',
    },
    { name: 'content', labelKey: 'notice.content', kind: 'textarea', testId: 'notice-content' },
    { name: 'displayTime', labelKey: 'notice.displayTime', kind: 'datetime', testId: 'notice-display-time' },
  ];
}

/** `add-notice`: create, or edit with `?id=`; save as draft or save and release. */
export default function NoticeEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm();
  // An existing notice keeps its (possibly past) time; the server re-checks it only when it changes.
  const schema = id ? NoticeCreateSchema : NoticeFormSchema;

  const existing = useQuery({ queryKey: ['notice', 'one', id], queryFn: () => getNoticeById({ id: id! }), enabled: !!id });
  const initial = useMemo<Record<string, unknown>>(() => {
    const n = existing.data;
    if (!id || !n) return { type: 'announcement' };
    return { title: n.title, type: n.type, cover: n.cover, content: n.content, displayTime: n.displayTime };
  }, [id, existing.data]);
  const fields = useMemo(() => noticeFields(existing.data?.coverUrl ?? null), [existing.data]);

  const save = useMutation({
    mutationFn: async ({ body, release }: { body: NoticeCreate; release: boolean }) => {
      const saved = id ? await updateNotice({ ...body, id }) : await insertNotice(body);
      if (release) await releaseNotices({ ids: [saved?.id ?? id!] });
      return saved;
    },
    onSuccess: async (_d, { release }) => {
      message.success(t(release ? 'notice.releasedOk' : 'common.saved'));
      await qc.invalidateQueries({ queryKey: ['notice'] });
      void navigate('/dashboard/manage-notice');
    },
  });

  const submit = async (release: boolean) => {
    const v = await readForm(form, schema, t).catch(() => null);
    if (!v) return;
    const body = v as NoticeCreate;
    // "Now" picked a few seconds ago is still now: never send a moment already past.
    const displayTime = !id && Date.parse(body.displayTime) < Date.now() ? new Date(Date.now() + 1000).toISOString() : body.displayTime;
    save.mutate({ body: { ...body, cover: body.cover ?? null, displayTime }, release });
  };

  return (
    <Card title={t(id ? 'notice.edit' : 'notice.add')} data-testid="notice-edit-page">
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <SchemaForm form={form} schema={schema} fields={fields} initialValues={initial} testId="notice-form" />
      )}
      <Space>
        <Button onClick={() => void navigate('/dashboard/manage-notice')} data-testid="notice-cancel">
          {t('common.cancel')}
        </Button>
        <Button loading={save.isPending} onClick={() => void submit(false)} data-testid="notice-submit">
          {t('common.save')}
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit(true)} data-testid="notice-submit-release">
          {t('notice.saveAndRelease')}
        </Button>
      </Space>
    </Card>
  );
}
