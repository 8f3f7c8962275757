import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadPurpose } from '@hanlin/shared';
import { uploadFile } from '../../uploads/index';

/** One uploaded file (the class's preview file): the value is its `/api/upload/file/<uuid>` reference. */
export function FileField({
  value,
  onChange,
  purpose,
  name,
  testId,
}: {
  value?: string | null;
  onChange?: (ref: string | null) => void;
  purpose: UploadPurpose;
  /** The current file's name (from the record). */
  name?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <Space data-testid={testId}>
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          setBusy(true);
          uploadFile({ file, purpose })
            .then((f) => {
              setPicked(f.name);
              onChange?.(f.url);
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('trainClasses.upload')}
        </Button>
      </Upload>
      {value ? <span data-testid={testId ? `${testId}-name` : undefined}>{picked ?? name ?? value}</span> : null}
      {value ? (
        <Button type="link" danger onClick={() => onChange?.(null)}>
          {t('common.delete')}
        </Button>
      ) : null}
    </Space>
  );
}
