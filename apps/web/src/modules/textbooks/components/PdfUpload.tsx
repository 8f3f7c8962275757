import { useState } from 'react';
import { Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '@hanlin/shared';
import { FileUpload } from '../../media/index';

/** The textbook's PDF (purpose `textbook`): one request up to 20 MB, the resumable upload beyond. The value is the file's URL. */
export function PdfUpload({ value, onChange, currentName }: { value?: string | null; onChange?: (url: string) => void; currentName?: string | null }) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const done = (r: UploadResult) => {
    setUploaded(r);
    onChange?.(r.url);
  };
  const name = uploaded?.name ?? (value ? currentName : null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <FileUpload purpose="textbook" kind="document" texts="textbook" testId="textbook-file" accept=".pdf" icon={<UploadOutlined />} onUploaded={done} />
      {name && <Typography.Text data-testid="textbook-file-name">{t('textbook.uploaded', { name })}</Typography.Text>}
    </Space>
  );
}
