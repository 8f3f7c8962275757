import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CONSTANTS, LabelsSchema } from '@hanlin/shared';
import { rulesFor } from '../../../platform/forms/zod-rules';

const LabelsForm = z.object({ labels: LabelsSchema.optional() });

/**
 * The `labels` field of a form: free labels typed as tags (Enter after each), at most
 * LABELS_PER_OBJECT of at most LABEL_LENGTH characters: the shared `LabelsSchema` the server checks gives the
 * rule; texts `<prefix>.labels` and `<prefix>.labelsHint`.
 */
export function LabelTagsField({ prefix, testId }: { prefix: string; testId?: string }) {
  const { t } = useTranslation();
  const hint = t(`${prefix}.labelsHint`, { count: CONSTANTS.LABELS_PER_OBJECT, length: CONSTANTS.LABEL_LENGTH });
  return (
    <Form.Item name="labels" label={t(`${prefix}.labels`)} extra={hint} rules={rulesFor(LabelsForm, 'labels', t)}>
      <Select mode="tags" open={false} data-testid={testId} />
    </Form.Item>
  );
}
