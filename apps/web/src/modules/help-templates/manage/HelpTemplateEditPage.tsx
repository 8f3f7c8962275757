import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { LazyRichTextEditor } from '../../../platform/components/LazyRichTextEditor';
import { HELP_TEMPLATE_BODY_TEXT_MAX, HelpTemplateCreateSchema, type HelpTemplateCreate, type HelpTemplateDetail } from '@hanlin/shared';
import { getHelpTemplateById, insertHelpTemplate, updateHelpTemplate } from '../api';
import { AttachmentsField, CATEGORY_OPTIONS, PublishedSwitch } from './help-meta';

const fieldsOf = (record: HelpTemplateDetail | undefined): FieldSpec[] => [
  { name: 'title', labelKey: 'helpTemplates.title', testId: 'help-template-title' },
  { name: 'category', labelKey: 'helpTemplates.category', kind: 'select', options: CATEGORY_OPTIONS, testId: 'help-template-category' },
  { name: 'body', labelKey: 'helpTemplates.body', control: <LazyRichTextEditor maxText={HELP_TEMPLATE_BODY_TEXT_MAX} testId="help-template-body" /> },
  { name: 'attachments', labelKey: 'helpTemplates.attachments', control: <AttachmentsField known={record?.attachments} /> },
  { name: 'sort', labelKey: 'helpTemplates.sort', kind: 'number', testId: 'help-template-sort' },
  { name: 'published', labelKey: 'helpTemplates.published', control: <PublishedSwitch /> },
];

/** `update-help-template`: add, or edit with `?id=`. */
export default function HelpTemplateEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<HelpTemplateDetail, HelpTemplateCreate>({
    queryKey: 'helpTemplate',
    load: (id) => getHelpTemplateById({ id }),
    create: (b) => insertHelpTemplate(b),
    update: (id, b) => updateHelpTemplate({ ...b, id }),
    listPath: '/dashboard/help-and-template',
    perms: { add: 'bzmb:add', modify: 'bzmb:modify' },
    toForm: (r) =>
      r
        ? { title: r.title, category: r.category, body: r.body, attachments: r.attachments.map((f) => f.ref), sort: r.sort, published: r.published }
        : { category: 'guide', body: '', attachments: [], sort: 0, published: false },
  });
  return (
    <RecordEditorCard
      editor={ed}
      testId="help-template"
      title={t(ed.id ? 'helpTemplates.edit' : 'helpTemplates.add')}
      schema={HelpTemplateCreateSchema}
      fields={fieldsOf(ed.record)}
    />
  );
}
