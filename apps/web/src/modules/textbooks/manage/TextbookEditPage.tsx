import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextbookInsertSchema, type TextbookInsert, type TextbookRow } from '@hanlin/shared';
import { RecordEditorCard, SaveAndPublishButtons, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { ImageUpload } from '../../uploads/index';
import { PdfUpload } from '../components/PdfUpload';
import { getTextbookById, getTextbookCategoryTree, insertTextbook, publishTextbooks, updateTextbook } from '../api';
import { treeOptions } from '../../../platform/tree-options';

/** `add-textbooks`: create, or edit a draft / unpublished textbook with `?id=`; save as draft or save and publish. */
export default function TextbookEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const categories = useQuery({ queryKey: ['textbook', 'categories'], queryFn: getTextbookCategoryTree });
  const ed = useRecordEditor<TextbookRow, { body: TextbookInsert; publish: boolean }>({
    queryKey: 'textbook',
    load: (id) => getTextbookById({ id }),
    create: async ({ body, publish }) => {
      const saved = await insertTextbook(body);
      if (publish) await publishTextbooks({ ids: [saved.id] });
      return saved;
    },
    update: async (id, { body, publish }) => {
      await updateTextbook({ ...body, id });
      if (publish) await publishTextbooks({ ids: [id] });
    },
    listPath: '/dashboard/textbooks-digital',
    perms: { add: 'szjc:add', modify: 'szjc:modify' },
    toForm: (r) =>
      r
        ? { name: r.name, categoryId: r.categoryId, labels: r.labels, intro: r.intro, author: r.author, publisher: r.publisher, cover: r.cover, file: r.file }
        : { labels: [], categoryId: Number(params.get('categoryId')) || null },
    savedText: ({ publish }) => t(publish ? 'textbook.publishedOk' : 'common.saved'),
  });
  const record = ed.record;
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', labelKey: 'textbook.name', testId: 'textbook-name' },
      {
        name: 'categoryId',
        labelKey: 'textbook.category.name',
        control: <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} data-testid="textbook-category" />,
      },
      { name: 'labels', labelKey: 'textbook.labels', control: <Select mode="tags" open={false} data-testid="textbook-labels" />, extraKey: 'textbook.labelsHint' },
      { name: 'author', labelKey: 'textbook.author', testId: 'textbook-author' },
      { name: 'publisher', labelKey: 'textbook.publisher', testId: 'textbook-publisher' },
      {
        name: 'cover',
        labelKey: 'textbook.cover',
        control: <ImageUpload purpose="cover" testId="textbook-cover" previewUrl={record?.coverUrl ?? null} />,
        extraKey: 'textbook.coverHint',
      },
      { name: 'file', labelKey: 'textbook.file', control: <PdfUpload currentName={record?.fileName ?? null} /> },
      { name: 'intro', labelKey: 'textbook.intro', kind: 'textarea', testId: 'textbook-intro' },
    ],
    [categories.data, record],
  );
  const submit = (publish: boolean) =>
    void ed.submit(TextbookInsertSchema, (body) => ({ body: { ...body, categoryId: body.categoryId ?? null, cover: body.cover ?? null }, publish }));
  return (
    <RecordEditorCard
      editor={ed}
      testId="textbook"
      title={t(ed.id ? 'textbook.edit' : 'textbook.add')}
      schema={TextbookInsertSchema}
      fields={fields}
      notFoundText={t('textbook.notFound')}
      actions={<SaveAndPublishButtons testId="textbook" publishKey="textbook.saveAndPublish" saving={ed.saving} onSubmit={submit} />}
    />
  );
}
