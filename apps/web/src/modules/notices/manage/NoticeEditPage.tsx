import { useMemo } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { NoticeCreateSchema, type NoticeCreate, type NoticeRow } from '@hanlin/shared';
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
      control: <ImageUpload purpose="notice" testId="notice-cover" previewUrl={coverPreview} />,
      extraKey: 'notice.coverHint',
    },
    { name: 'content', labelKey: 'notice.content', kind: 'textarea', testId: 'notice-content' },
    { name: 'displayTime', labelKey: 'notice.displayTime', kind: 'datetime', testId: 'notice-display-time' },
  ];
}

/** `add-notice`: create, or edit with `?id=`; save as draft or save and release. */
export default function NoticeEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<NoticeRow, { body: NoticeCreate; release: boolean }>({
    queryKey: 'notice',
    load: (id) => getNoticeById({ id }),
    create: async ({ body, release }) => {
      const saved = await insertNotice(body);
      if (release) await releaseNotices({ ids: [saved.id] });
      return saved;
    },
    update: async (id, { body, release }) => {
      const saved = await updateNotice({ ...body, id });
      if (release) await releaseNotices({ ids: [saved?.id ?? id] });
      return saved;
    },
    listPath: '/dashboard/manage-notice',
    toForm: (n) => (n ? { title: n.title, type: n.type, cover: n.cover, content: n.content, displayTime: n.displayTime } : { type: 'announcement' }),
    // The calls report their refusals themselves.
    saveErrors: false,
    savedText: ({ release }) => t(release ? 'notice.releasedOk' : 'common.saved'),
  });
  const { id } = ed;
  // An existing notice keeps its (possibly past) time; the server re-checks it only when it changes.
  const schema = id ? NoticeCreateSchema : NoticeFormSchema;
  const fields = useMemo(() => noticeFields(ed.record?.coverUrl ?? null), [ed.record]);

  const submit = (release: boolean) =>
    void ed.submit(schema, (v) => {
      const body = v as NoticeCreate;
      // "Now" picked a few seconds ago is still now: never send a moment already past.
      const displayTime = !id && Date.parse(body.displayTime) < Date.now() ? new Date(Date.now() + 1000).toISOString() : body.displayTime;
      return { body: { ...body, cover: body.cover ?? null, displayTime }, release };
    });

  return (
    <RecordEditorCard
      editor={ed}
      testId="notice"
      title={t(id ? 'notice.edit' : 'notice.add')}
      schema={schema}
      fields={fields}
      actions={
        <>
          <Button loading={ed.saving} onClick={() => submit(false)} data-testid="notice-submit">
            {t('common.save')}
          </Button>
          <Button type="primary" loading={ed.saving} onClick={() => submit(true)} data-testid="notice-submit-release">
            {t('notice.saveAndRelease')}
          </Button>
        </>
      }
    />
  );
}
