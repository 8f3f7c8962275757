import { Suspense, type ReactNode } from 'react';
import { Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDINARY_UPLOAD_MAX, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { ChunkedUploader } from '.';

export interface FileUploadProps {
  purpose: UploadPurpose;
  kind: UploadKind;
  /** Text key prefix: `<texts>.chooseFile` names the button. */
  texts: string;
  /** Test id of the choose button. */
  testId: string;
  accept?: string;
  icon?: ReactNode;
  /** While the upload runs. */
  onBusy?: (busy: boolean) => void;
  onUploaded: (file: UploadResult) => void;
}

/**
 * One file picker: a file up to `ORDINARY_UPLOAD_MAX` goes in one request, a larger one in resumable chunks
 * (choosing it again after an interruption resumes), so the user never picks the way a file travels.
 */
export function FileUpload({ purpose, kind, texts, testId, accept, icon, onBusy, onUploaded }: FileUploadProps) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Suspense fallback={<Spin size="small" />}>
        <ChunkedUploader
          kind={kind}
          purpose={purpose}
          oneRequestUpTo={ORDINARY_UPLOAD_MAX}
          chooseText={t(`${texts}.chooseFile`)}
          icon={icon}
          testId={testId}
          accept={accept}
          onBusy={onBusy}
          onUploaded={onUploaded}
        />
      </Suspense>
      <Typography.Text type="secondary">{t('media.uploadHint')}</Typography.Text>
    </Space>
  );
}
