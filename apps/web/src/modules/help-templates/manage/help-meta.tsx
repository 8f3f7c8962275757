import { Button, Switch, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_TEMPLATE_ATTACHMENTS_MAX, HELP_TEMPLATE_CATEGORIES, HELP_TEMPLATE_UPLOAD_PURPOSE, type HelpTemplateFile } from '@hanlin/shared';
import { uploadFile } from '../../uploads/index';

export const CATEGORY_OPTIONS = HELP_TEMPLATE_CATEGORIES.map((v) => ({ value: v, labelKey: `helpTemplates.category_${v}` }));

/** The published flag as a switch (Form.Item passes value/onChange). */
export function PublishedSwitch({ value, onChange }: { value?: boolean; onChange?: (v: boolean) => void }) {
  return <Switch checked={!!value} onChange={(v) => onChange?.(v)} data-testid="help-template-published" />;
}

/**
 * Attached files as the form keeps them: their references (`value`); names come from the document's
 * saved files (`known`) or from the upload's answer. New uploads have purpose `help-template`.
 */
export function AttachmentsField({ value, onChange, known = [] }: { value?: string[]; onChange?: (refs: string[]) => void; known?: readonly HelpTemplateFile[] }) {
  const { t } = useTranslation();
  const names = useRef(new Map<string, string>());
  for (const f of known) names.current.set(f.ref, f.name);
  const refs = value ?? [];
  return (
    <Upload
      fileList={refs.map((ref) => ({ uid: ref, name: names.current.get(ref) ?? ref, status: 'done' as const }))}
      onRemove={(file) => onChange?.(refs.filter((r) => r !== file.uid))}
      customRequest={({ file, onSuccess, onError }) => {
        // The file picked (a text only where a beforeUpload turns it into one, which none here does).
        if (typeof file === 'string') return onError?.(new Error('not a file'));
        uploadFile({ file, purpose: HELP_TEMPLATE_UPLOAD_PURPOSE, kind: 'attachment' })
          .then((u) => {
            names.current.set(u.url, u.name);
            onChange?.([...refs, u.url]);
            onSuccess?.(u);
          })
          .catch((e: Error) => onError?.(e));
      }}
    >
      {refs.length < HELP_TEMPLATE_ATTACHMENTS_MAX && (
        <Button icon={<PlusOutlined />} data-testid="help-template-attach">
          {t('helpTemplates.addAttachment')}
        </Button>
      )}
    </Upload>
  );
}
