import { useEffect } from 'react';
import { Button, Card, Form, Input, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TYPES, QaCreateSchema, type QaRow } from '@hanlin/shared';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { LazyRichTextEditor } from '../../../platform/components/LazyRichTextEditor';
import { DictSelect } from '../../dict/index';
import { getQaById, insertQa, releaseQa, updateQa } from '../api';

const LIST = '/dashboard/manage-QA';

/** `add-QA`: a new entry, or the one of `?id=` (a draft or unreleased one); save, or save and release. */
export default function QaEditPage() {
  const { t } = useTranslation();
  const { id, form, title, page, existing, loading } = useRecordFormPage<FormValues<typeof QaCreateSchema>, QaRow>({
    queryKey: 'qa',
    titleKeys: { add: 'qa.add', edit: 'qa.edit' },
    load: getQaById,
  });
  const f = useSchemaForm(QaCreateSchema, { form });
  const fill = f.fill;
  useEffect(() => {
    if (existing.data) fill(existing.data);
  }, [existing.data, fill]);

  async function submit(release: boolean) {
    const v = await f.read();
    if (!v) return;
    const body = { ...v, category: v.category ?? null };
    await page.save(
      async () => {
        const saved = id ? await updateQa({ ...body, id }, { silent: true }) : await insertQa(body, { silent: true });
        if (release) await releaseQa({ ids: [saved.id] });
        return LIST;
      },
      (e) => f.showError(e),
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="qa-edit-page">
      <Form form={form} layout="vertical" style={{ maxWidth: 800 }} onFinish={() => void submit(false)}>
        <Form.Item {...f.item('title')} label={t('qa.title')}>
          <Input maxLength={f.maxLength('title')} showCount data-testid="qa-title" />
        </Form.Item>
        <Form.Item {...f.item('category')} label={t('qa.category')}>
          <DictSelect type={DICT_TYPES.qaCategory} testId="qa-category" />
        </Form.Item>
        <Form.Item {...f.item('content')} label={t('qa.content')} extra={t('qa.contentHint')}>
          <LazyRichTextEditor testId="qa-content" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={page.saving} data-testid="qa-submit">
            {t('common.save')}
          </Button>
          <Button loading={page.saving} onClick={() => void submit(true)} data-testid="qa-submit-release">
            {t('qa.saveAndRelease')}
          </Button>
          <Button onClick={() => page.leave(LIST)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
