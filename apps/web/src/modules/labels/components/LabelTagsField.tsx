import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '@hanlin/shared';

/**
 * The `labels` field of a form: free labels typed as tags (Enter after each), at most
 * LABELS_PER_OBJECT of at most LABEL_LENGTH characters, as the server checks; texts `<prefix>.labels`
 * and `<prefix>.labelsHint` (the hint is also the refusal).
 */
export function LabelTagsField({ prefix, testId }: { prefix: string; testId?: string }) {
  const { t } = useTranslation();
  const hint = t(`${prefix}.labelsHint`, { count: CONSTANTS.LABELS_PER_OBJECT, length: CONSTANTS.LABEL_LENGTH });
  return (
    <Form.Item
      name="labels"
      label={t(`${prefix}.labels`)}
      extra={hint}
      rules={[
        {
          validator: async (_, v: string[] = []) => {
            if (v.length > CONSTANTS.LABELS_PER_OBJECT || v.some((l) => l.length > CONSTANTS.LABEL_LENGTH)) throw new Error(hint);
          },
        },
      ]}
    >
      <Select mode="tags" open={false} data-testid={testId} />
    </Form.Item>
  );
}
