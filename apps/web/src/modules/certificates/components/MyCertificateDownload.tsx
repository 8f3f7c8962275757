import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../../../platform/api/client';
import { downloadMyCertificate } from '../api';

/** Downloads one of my certificates as a PDF (`/api/certificate/my/download`). */
export function MyCertificateDownload({ id, testId = 'my-certificate-download', size }: { id: number; testId?: string; size?: 'small' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      size={size}
      loading={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        downloadMyCertificate({ id })
          .then(saveDownload)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('certificate.download')}
    </Button>
  );
}
