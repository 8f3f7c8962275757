import type { DragEvent } from 'react';
import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Tooltip, type FormListFieldData } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  QUESTIONNAIRE_MATRIX_ROWS_MAX,
  QUESTIONNAIRE_OPTION_MAX,
  QUESTIONNAIRE_OPTIONS_MAX,
  QUESTIONNAIRE_OPTIONS_MIN,
  QUESTIONNAIRE_RATING_SCALES,
  QUESTIONNAIRE_TEXT_MAX,
  QUESTIONNAIRE_TEXTAREA_MAX,
  QUESTIONNAIRE_TITLE_MAX,
  type ItemCondition,
} from '@hanlin/shared';
import { rulesFor } from '../../../platform/forms/zod-rules';
import { CHOICE_KINDS, EDITOR_KINDS, kindSchema, labelSchema, type ItemDraft } from './item-drafts';

/** Drag handles for the item list: the index dragged travels in the drag data. */
function dragHandlers(index: number, onMove: (from: number, to: number) => void) {
  const kind = 'application/x-questionnaire-item';
  return {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes(kind)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const from = Number(e.dataTransfer.getData(kind));
      if (!e.dataTransfer.types.includes(kind) || Number.isNaN(from)) return;
      e.preventDefault();
      if (from !== index) onMove(from, index);
    },
    handle: {
      draggable: true,
      onDragStart: (e: DragEvent) => e.dataTransfer.setData(kind, String(index)),
    },
  };
}

/** A list of labels (options, matrix rows or columns): one input each, add and remove within the limits. */
function LabelList({ name, min, max, testId, addKey }: { name: (string | number)[]; min: number; max: number; testId: string; addKey: string }) {
  const { t } = useTranslation();
  const rules = rulesFor(labelSchema(), 'label', t);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, meta) => (
        <Space orientation="vertical" style={{ width: '100%' }} size={4}>
          {fields.map((f, j) => (
            <Space key={f.key} align="baseline">
              <Form.Item name={f.name} rules={rules} style={{ marginBottom: 0 }}>
                <Input style={{ width: 360 }} maxLength={QUESTIONNAIRE_OPTION_MAX} placeholder={`${j + 1}`} data-testid={`${testId}-${j}`} />
              </Form.Item>
              {fields.length > min && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(f.name)} />}
            </Space>
          ))}
          <Form.ErrorList errors={meta.errors} />
          {fields.length < max && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => add('')} data-testid={`${testId}-add`}>
              {t(addKey)}
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}

/** The condition of an item: an earlier choice item and the options whose pick shows it. */
function ConditionField({
  value,
  onChange,
  earlier,
  testId,
}: {
  value?: Partial<ItemCondition> | null;
  onChange?: (v: Partial<ItemCondition> | null) => void;
  earlier: ItemDraft[];
  testId: string;
}) {
  const { t } = useTranslation();
  const target = earlier.find((d) => d.key === value?.itemKey);
  return (
    <Space wrap>
      <Select
        allowClear
        style={{ width: 280 }}
        placeholder={t('questionnaire.conditionAlways')}
        value={value?.itemKey}
        onChange={(itemKey?: string) => onChange?.(itemKey ? { itemKey, anyOf: [] } : null)}
        options={earlier.map((d) => ({ value: d.key, label: d.title?.trim() || t('questionnaire.untitled') }))}
        data-testid={`${testId}-item`}
      />
      {target && (
        <>
          <span>{t('questionnaire.conditionPicked')}</span>
          <Checkbox.Group<number>
            value={value?.anyOf ?? []}
            onChange={(anyOf) => onChange?.({ itemKey: target.key, anyOf: anyOf.slice().sort((a, b) => a - b) })}
            options={(target.options ?? []).map((o, j) => ({ value: j, label: o.trim() || `${j + 1}` }))}
            data-testid={`${testId}-options`}
          />
        </>
      )}
    </Space>
  );
}

export interface ItemCardProps {
  field: FormListFieldData;
  index: number;
  count: number;
  /** The number shown for a question (sections are not counted), or null for a section. */
  number: number | null;
  draft: ItemDraft;
  /** Choice items before this one (a condition may name them). */
  earlier: ItemDraft[];
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  /** Adds a copy of the item below it. */
  onDuplicate: () => void;
  /** A template that cannot change: nothing is dragged (the form disables the rest). */
  readOnly?: boolean;
}

/** One item of the questionnaire editor: kind, title, the kind's settings, required flag and condition; dragged or moved up and down. */
export function ItemCard({ field, index, count, number, draft, earlier, onMove, onRemove, onDuplicate, readOnly = false }: ItemCardProps) {
  const { t } = useTranslation();
  const kind = draft.kind;
  const schema = kindSchema(kind);
  const rule = (name: string) => rulesFor(schema, name, t);
  const at = (name: string) => [field.name, name];
  const testId = `questionnaire-item-${index}`;
  const drag = dragHandlers(index, readOnly ? () => undefined : onMove);
  const isSection = kind === 'section';
  return (
    <Card
      size="small"
      data-testid="questionnaire-item"
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      style={isSection ? { background: 'rgba(22,119,255,0.04)' } : undefined}
      title={
        <Space>
          <Tooltip title={t('questionnaire.dragHint')}>
            <HolderOutlined style={{ cursor: readOnly ? 'default' : 'grab' }} {...(readOnly ? {} : drag.handle)} data-testid={`${testId}-drag`} />
          </Tooltip>
          {number === null ? <Tag color="blue">{t('questionnaire.kind_section')}</Tag> : <span>{t('questionnaire.questionNo', { n: number })}</span>}
          <Form.Item name={at('kind')} noStyle>
            <Select
              style={{ width: 150 }}
              options={EDITOR_KINDS.map((k) => ({ value: k, label: t(`questionnaire.kind_${k}`) }))}
              aria-label={t('questionnaire.kind')}
              data-testid={`${testId}-kind`}
            />
          </Form.Item>
        </Space>
      }
      extra={
        <Space size={4}>
          {!isSection && (
            <Form.Item name={at('required')} valuePropName="checked" noStyle>
              <Checkbox data-testid={`${testId}-required`}>{t('questionnaire.required')}</Checkbox>
            </Form.Item>
          )}
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={t('questionnaire.moveUp')}
            onClick={() => onMove(index, index - 1)}
            data-testid={`${testId}-up`}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            aria-label={t('questionnaire.moveDown')}
            onClick={() => onMove(index, index + 1)}
            data-testid={`${testId}-down`}
          />
          <Button type="text" icon={<CopyOutlined />} aria-label={t('questionnaire.duplicate')} onClick={onDuplicate} data-testid={`${testId}-duplicate`} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={onRemove} data-testid={`${testId}-remove`} />
        </Space>
      }
    >
      <Form.Item name={at('key')} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={at('title')} label={t(isSection ? 'questionnaire.sectionTitle' : 'questionnaire.itemTitle')} rules={rule('title')} required>
        <Input maxLength={QUESTIONNAIRE_TITLE_MAX} data-testid={`${testId}-title`} />
      </Form.Item>
      <Form.Item name={at('description')} label={t('questionnaire.itemDescription')} rules={rule('description')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid={`${testId}-description`} />
      </Form.Item>

      {CHOICE_KINDS.includes(kind) && (
        <>
          <Form.Item label={t('questionnaire.options')} required>
            <LabelList name={at('options')} min={QUESTIONNAIRE_OPTIONS_MIN} max={QUESTIONNAIRE_OPTIONS_MAX} testId={`${testId}-option`} addKey="questionnaire.addOption" />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name={at('allowOther')} valuePropName="checked" label={t('questionnaire.allowOther')}>
              <Switch data-testid={`${testId}-other`} />
            </Form.Item>
            {kind === 'multiple' && (
              <>
                <Form.Item name={at('minPicks')} label={t('questionnaire.minPicks')} rules={rule('minPicks')}>
                  <InputNumber min={1} precision={0} data-testid={`${testId}-min-picks`} />
                </Form.Item>
                <Form.Item name={at('maxPicks')} label={t('questionnaire.maxPicks')} rules={rule('maxPicks')}>
                  <InputNumber min={1} precision={0} data-testid={`${testId}-max-picks`} />
                </Form.Item>
              </>
            )}
          </Space>
        </>
      )}
      {(kind === 'text' || kind === 'textarea') && (
        <Form.Item name={at('maxLength')} label={t('questionnaire.maxLength')} rules={rule('maxLength')} extra={t('questionnaire.maxLengthHint')}>
          <InputNumber
            min={1}
            max={kind === 'text' ? QUESTIONNAIRE_TEXT_MAX : QUESTIONNAIRE_TEXTAREA_MAX}
            precision={0}
            placeholder={String(kind === 'text' ? QUESTIONNAIRE_TEXT_MAX : QUESTIONNAIRE_TEXTAREA_MAX)}
            data-testid={`${testId}-max-length`}
          />
        </Form.Item>
      )}
      {kind === 'rating' && (
        <Form.Item name={at('scale')} label={t('questionnaire.scale')}>
          <Radio.Group
            optionType="button"
            options={QUESTIONNAIRE_RATING_SCALES.map((s) => ({ value: s, label: t('questionnaire.scaleOf', { n: s }) }))}
            data-testid={`${testId}-scale`}
          />
        </Form.Item>
      )}
      {kind === 'matrix' && (
        <Space align="start" wrap size="large">
          <Form.Item label={t('questionnaire.matrixRows')} required>
            <LabelList name={at('rows')} min={1} max={QUESTIONNAIRE_MATRIX_ROWS_MAX} testId={`${testId}-row`} addKey="questionnaire.addRow" />
          </Form.Item>
          <Form.Item label={t('questionnaire.matrixColumns')} required>
            <LabelList name={at('columns')} min={QUESTIONNAIRE_OPTIONS_MIN} max={QUESTIONNAIRE_OPTIONS_MAX} testId={`${testId}-column`} addKey="questionnaire.addColumn" />
          </Form.Item>
        </Space>
      )}
      {kind === 'number' && (
        <Space wrap size="large">
          <Form.Item name={at('min')} label={t('questionnaire.min')} rules={rule('min')}>
            <InputNumber data-testid={`${testId}-min`} />
          </Form.Item>
          <Form.Item name={at('max')} label={t('questionnaire.max')} rules={rule('max')}>
            <InputNumber data-testid={`${testId}-max`} />
          </Form.Item>
          <Form.Item name={at('integer')} valuePropName="checked" label={t('questionnaire.integer')}>
            <Switch />
          </Form.Item>
        </Space>
      )}
      {(earlier.length > 0 || !!draft.condition) && (
        <Form.Item name={at('condition')} label={t('questionnaire.condition')} extra={t('questionnaire.conditionHint')} style={{ marginBottom: 0 }}>
          <ConditionField earlier={earlier} testId={`${testId}-condition`} />
        </Form.Item>
      )}
    </Card>
  );
}
