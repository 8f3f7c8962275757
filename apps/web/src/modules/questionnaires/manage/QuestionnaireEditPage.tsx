import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Spin, TreeSelect } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QuestionnaireInsertSchema, type QuestionnaireDetail } from '@hanlin/shared';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { useFeedback } from '../../../platform/feedback';
import { treeOptions } from '../../../platform/tree-options';
import { getQuestionnaireById, getQuestionnaireCategoryTree, insertQuestionnaire, updateQuestionnaire } from '../api';
import QuestionnaireItemsEditor from './QuestionnaireItemsEditor';
import { fillItems, readItems, type ItemDraft } from './item-drafts';
import { QuestionnairePreviewDrawer, type QuestionnairePreviewProps } from './QuestionnairePreview';

type Values = Omit<FormValues<typeof QuestionnaireInsertSchema>, 'items'> & { items?: ItemDraft[] };

const LIST_PATH = '/dashboard/manage-questionnaires';

/**
 * Add or edit a questionnaire template (`add-questionnaire`, `?id=` to edit, `?categoryId=` to add
 * in a class): name, classification and description by the shared schema, then the items (every
 * kind, options, "other", pick limits, rating scale, matrix, required flag, sections, conditions)
 * dragged or moved into order; the shared `QuestionnaireItemsSchema` checks them before the server
 * does, and the preview shows them with the respondent's own form.
 */
export default function QuestionnaireEditPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<Values, QuestionnaireDetail>({
    queryKey: 'questionnaires',
    titleKeys: { add: 'questionnaire.addTitle', edit: 'questionnaire.editTitle' },
    load: getQuestionnaireById,
  });
  const f = useSchemaForm(QuestionnaireInsertSchema, { form });
  const categories = useQuery({ queryKey: ['questionnaires', 'categories'], queryFn: getQuestionnaireCategoryTree });
  const [preview, setPreview] = useState<QuestionnairePreviewProps | null>(null);
  // A published template is not changed here (unpublish it first): the page shows it read-only.
  const locked = !!existing.data && !existing.data.abilities.modify;

  useEffect(() => {
    const q = existing.data;
    if (!q) return;
    f.fill({ name: q.name, categoryId: q.categoryId, description: q.description });
    fillItems(form, q.items, t);
  }, [existing.data, form, f, t]);

  async function save() {
    // The form's own rules first (they clear a field's old errors), then the schema's verdicts over the items.
    const head = await f.read({ items: [] });
    const items = readItems(form, t);
    if (!head || !items) return;
    const body = { ...head, items };
    await page.save(
      async () => {
        if (id) await updateQuestionnaire({ ...body, id });
        else await insertQuestionnaire(body);
        return LIST_PATH;
      },
      (e) => {
        if (!f.showError(e, { report: false })) f.showError(e, { report: true });
      },
    );
  }

  function openPreview() {
    const items = readItems(form, t);
    if (!items) return void message.warning(t('questionnaire.fixFirst'));
    const text = (name: string) => String(form.getFieldValue(name) ?? '').trim();
    setPreview({ name: text('name') || t('questionnaire.untitled'), description: text('description'), items });
  }

  if (loading) return <Spin />;
  return (
    <Card
      title={title}
      data-testid="questionnaire-edit-page"
      extra={
        <Button icon={<EyeOutlined />} onClick={openPreview} data-testid="questionnaire-preview-open">
          {t('questionnaire.preview')}
        </Button>
      }
    >
      {locked && <Alert type="warning" showIcon title={t('questionnaire.lockedHint')} style={{ marginBottom: 16 }} data-testid="questionnaire-locked" />}
      <Form<Values> form={form} layout="vertical" disabled={locked} initialValues={{ categoryId: Number(params.get('categoryId')) || null, description: '', items: [] }}>
        <div style={{ maxWidth: 760 }}>
          <Form.Item {...f.item('name')} label={t('questionnaire.name')}>
            <Input maxLength={f.maxLength('name')} data-testid="questionnaire-name" />
          </Form.Item>
          <Form.Item {...f.item('categoryId')} label={t('questionnaire.category.name')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} data-testid="questionnaire-category" />
          </Form.Item>
          <Form.Item {...f.item('description')} label={t('questionnaire.description')}>
            <Input.TextArea maxLength={f.maxLength('description')} showCount autoSize={{ minRows: 2, maxRows: 6 }} data-testid="questionnaire-description" />
          </Form.Item>
        </div>

        <QuestionnaireItemsEditor form={form} readOnly={locked} />

        <Space style={{ marginTop: 24 }}>
          {/* Not a submit button: the schema's checks of the items run even when a field's own rule fails, and Enter in a field saves nothing. */}
          <Button type="primary" loading={page.saving} onClick={() => void save()} data-testid="questionnaire-save">
            {t('common.save')}
          </Button>
          <Button disabled={false} onClick={openPreview}>
            {t('questionnaire.preview')}
          </Button>
          <Button disabled={false} onClick={() => page.leave(LIST_PATH)}>
            {t('common.cancel')}
          </Button>
        </Space>
      </Form>
      <QuestionnairePreviewDrawer content={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
