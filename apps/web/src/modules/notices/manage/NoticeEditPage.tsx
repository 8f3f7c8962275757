import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordEditorCard, SaveAndPublishButtons, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { NoticeCreateSchema, type NoticeCreate, type NoticeDetail } from '@hanlin/shared';
import { ImageUpload } from '../../uploads/index';
import { AudiencePicker, useAudienceBeyondPrompt } from '../../audiences/index';
import { getNoticeById, insertNotice, releaseNotices, updateNotice } from '../api';
import { TYPE_OPTIONS } from './notice-meta';
import { NoticeContentField } from './NoticeContentField';

function noticeFields(coverPreview: string | null, isNew: boolean): FieldSpec[] {
  return [
    { name: 'title', labelKey: 'notice.title', testId: 'notice-title' },
    { name: 'type', labelKey: 'notice.type', kind: 'select', options: TYPE_OPTIONS, testId: 'notice-type' },
    {
      name: 'cover',
      labelKey: 'notice.cover',
      control: <ImageUpload purpose="notice" testId="notice-cover" previewUrl={coverPreview} />,
      extraKey: 'notice.coverHint',
    },
    { name: 'content', labelKey: 'notice.content', control: <NoticeContentField />, extraKey: 'notice.contentHint' },
    // Not before now (spec §5), checked by the server on its clock; left empty, the server stamps its own now.
    {
      name: 'displayTime',
      labelKey: 'notice.displayTime',
      kind: 'datetime',
      testId: 'notice-display-time',
      disablePast: isNew,
      extraKey: isNew ? 'notice.displayTimeHint' : undefined,
    },
    { name: 'sort', labelKey: 'notice.sort', kind: 'number', testId: 'notice-sort', extraKey: 'notice.sortHint' },
    { name: 'audience', labelKey: 'notice.audience', control: <AudiencePicker testId="notice-audience" />, extraKey: 'notice.audienceHint' },
  ];
}

type Body = { body: NoticeCreate; release: boolean };

/** `add-notice`: create, or edit with `?id=`; save as draft or save and release. */
export default function NoticeEditPage() {
  const { t } = useTranslation();
  const beyondPrompt = useAudienceBeyondPrompt();
  // A refusal naming audience targets beyond the caller offers to drop them and save again.
  const offerReplace = (e: unknown, { body, release }: Body) =>
    beyondPrompt(e, body.audience ?? [], (rest) => {
      ed.form.setFieldValue('audience', rest);
      submit(release);
    });
  const ed = useRecordEditor<NoticeDetail, Body>({
    queryKey: 'notice',
    load: (id) => getNoticeById({ id }),
    create: async (b) => {
      const saved = await insertNotice(b.body, { silent: true }).catch((e: unknown) => {
        offerReplace(e, b);
        throw e;
      });
      if (b.release) await releaseNotices({ ids: [saved.id] });
      return saved;
    },
    update: async (id, b) => {
      const saved = await updateNotice({ ...b.body, id }, { silent: true }).catch((e: unknown) => {
        offerReplace(e, b);
        throw e;
      });
      if (b.release) await releaseNotices({ ids: [saved?.id ?? id] });
      return saved;
    },
    listPath: '/dashboard/manage-notice',
    toForm: (n) =>
      n
        ? { title: n.title, type: n.type, cover: n.cover, content: n.content, displayTime: n.displayTime, sort: n.sort, audience: n.audience }
        : { type: 'announcement', sort: 0, audience: [] },
    savedText: ({ release }) => t(release ? 'notice.releasedOk' : 'common.saved'),
  });
  const { id } = ed;
  // An existing notice keeps its (possibly past) time; the server re-checks it only when it changes.
  const schema = NoticeCreateSchema;
  const fields = useMemo(() => noticeFields(ed.record?.coverUrl ?? null, !id), [ed.record, id]);

  function submit(release: boolean) {
    void ed.submit(schema, (body) => ({ body: { ...body, cover: body.cover ?? null }, release }));
  }

  return (
    <RecordEditorCard
      editor={ed}
      testId="notice"
      title={t(id ? 'notice.edit' : 'notice.add')}
      schema={schema}
      fields={fields}
      actions={<SaveAndPublishButtons testId="notice" publishKey="notice.saveAndRelease" publishTestId="release" saving={ed.saving} onSubmit={submit} />}
    />
  );
}
