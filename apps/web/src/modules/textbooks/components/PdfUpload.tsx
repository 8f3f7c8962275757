import { Suspense, useState } from 'react';
import { Button, Space, Spin, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORDINARY_UPLOAD_MAX, type UploadResult } from '@hanlin/shared';
import { uploadFile } from '../../files/api';
import { ChunkedUploader } from '../../media/components';
import { useFeedback } from '../../../platform/feedback';

/** The textbook's PDF (purpose `textbook`): one request up to 20 MB, the resumable upload beyond. The value is the file's URL. */
export function PdfUpload({ value, onChange, currentName }: { value?: string | null; onChange?: (url: string) => void; currentName?: string | null }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const done = (r: UploadResult) => {
    setUploaded(r);
    onChange?.(r.url);
  };
  const name = uploaded?.name ?? (value ? currentName : null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept=".pdf"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (f.size > ORDINARY_UPLOAD_MAX) {
            void message.warning(t('textbook.useChunked'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          uploadFile({ file: file as File, purpose: 'textbook', kind: 'document' })
            .then((r) => {
              done(r);
              onSuccess?.(r);
            })
            .catch((e: Error) => onError?.(e))
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="textbook-file">
          {t('textbook.chooseFile')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('textbook.largeFiles')}</Typography.Text>
      <Suspense fallback={<Spin size="small" />}>
        <ChunkedUploader kind="document" purpose="textbook" onUploaded={done} />
      </Suspense>
      {name && <Typography.Text data-testid="textbook-file-name">{t('textbook.uploaded', { name })}</Typography.Text>}
    </Space>
  );
}
