import { Button, Empty, Form, Space, Typography, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_ITEMS_MAX } from '@hanlin/shared';
import { CHOICE_KINDS, EDITOR_KINDS, ITEMS_FIELD, newDraft, newKey, type ItemDraft, type ItemsValues } from './item-drafts';
import { ItemCard } from './ItemCard';

export interface QuestionnaireItemsEditorProps {
  /** The form holding the items under `items` (fill it with `fillItems`, read it with `readItems`). */
  form: FormInstance<ItemsValues>;
  /** Shows the items without changing them (a published template). */
  readOnly?: boolean;
}

/**
 * The items of a questionnaire inside any antd form (templates; surveys built in place and
 * training satisfaction can use it too): every kind, options with "other" and pick limits,
 * rating scale, matrix rows × columns, number range, required flags, section headers and
 * conditions; items dragged, moved up and down (buttons, so also by keyboard), duplicated, removed.
 */
export default function QuestionnaireItemsEditor({ form, readOnly = false }: QuestionnaireItemsEditorProps) {
  const { t } = useTranslation();
  // Watched so the editor follows every change of the items; read from the store when drawn (a watch lags a move).
  const watched = Form.useWatch(ITEMS_FIELD, form) ?? [];
  /** The items as the form holds them now (a render's copy may be a keystroke behind). */
  const current = () => (form.getFieldValue(ITEMS_FIELD) ?? []) as ItemDraft[];
  return (
    <>
      <Typography.Title level={5}>{t('questionnaire.items', { n: watched.filter((d) => d.kind !== 'section').length })}</Typography.Title>
      <Form.List name={ITEMS_FIELD}>
        {(fields, { add, remove, move }) => {
          const drafts = current();
          let number = 0;
          return (
            <Space orientation="vertical" style={{ width: '100%' }} size={12} data-testid="questionnaire-items">
              {fields.length === 0 && <Empty description={t('questionnaire.noItems')} />}
              {fields.map((field, index) => {
                const draft: ItemDraft = drafts[index] ?? { key: '', kind: 'single' };
                if (draft.kind !== 'section') number += 1;
                return (
                  <ItemCard
                    key={field.key}
                    field={field}
                    index={index}
                    count={fields.length}
                    number={draft.kind === 'section' ? null : number}
                    draft={draft}
                    readOnly={readOnly}
                    earlier={drafts.slice(0, index).filter((d) => CHOICE_KINDS.includes(d.kind))}
                    onMove={(from, to) => move(from, to)}
                    onDuplicate={() => add({ ...structuredClone(current()[index]), key: newKey(current()) }, index + 1)}
                    onRemove={() => {
                      const gone = current()[index]?.key;
                      remove(index);
                      // Items shown on this one's answer are shown always from now on.
                      current().forEach((d, j) => gone && d.condition?.itemKey === gone && form.setFieldValue([ITEMS_FIELD, j, 'condition'], null));
                    }}
                  />
                );
              })}
              {!readOnly && fields.length < QUESTIONNAIRE_ITEMS_MAX && (
                <Space wrap size={[8, 8]} data-testid="questionnaire-add-item">
                  <span>{t('questionnaire.addItem')}</span>
                  {EDITOR_KINDS.map((k) => (
                    <Button key={k} size="small" icon={<PlusOutlined />} onClick={() => add(newDraft(k, newKey(current()), t))} data-testid={`questionnaire-add-${k}`}>
                      {t(`questionnaire.kind_${k}`)}
                    </Button>
                  ))}
                </Space>
              )}
            </Space>
          );
        }}
      </Form.List>
    </>
  );
}
