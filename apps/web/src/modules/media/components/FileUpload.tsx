import { Suspense, useState, type ReactNode } from 'react';
import { Button, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDINARY_UPLOAD_MAX, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { uploadFile } from '../../files/api';
import { useFeedback } from '../../../platform/feedback';
import { ChunkedUploader } from '.';

export interface FileUploadProps {
  purpose: UploadPurpose;
  kind: UploadKind;
  /** Text keys `<texts>.chooseFile`, `.useChunked` (a file too large for one request) and `.largeFiles`. */
  texts: string;
  /** Test id of the choose button. */
  testId: string;
  accept?: string;
  icon?: ReactNode;
  /** While the one-request upload runs. */
  onBusy?: (busy: boolean) => void;
  onUploaded: (file: UploadResult) => void;
}

/** A file sent in one request up to `ORDINARY_UPLOAD_MAX`, with the resumable upload below for larger ones. */
export function FileUpload({ purpose, kind, texts, testId, accept, icon, onBusy, onUploaded }: FileUploadProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const busyNow = (b: boolean) => {
    setBusy(b);
    onBusy?.(b);
  };
  return (
    <>
      <Upload
        accept={accept}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (f.size > ORDINARY_UPLOAD_MAX) {
            void message.warning(t(`${texts}.useChunked`));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          busyNow(true);
          uploadFile({ file: file as File, purpose, kind })
            .then((r) => {
              onUploaded(r);
              onSuccess?.(r);
            })
            .catch((e: Error) => onError?.(e))
            .finally(() => busyNow(false));
        }}
      >
        <Button icon={icon} loading={busy} data-testid={testId}>
          {t(`${texts}.chooseFile`)}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t(`${texts}.largeFiles`)}</Typography.Text>
      <Suspense fallback={<Spin size="small" />}>
        <ChunkedUploader kind={kind} purpose={purpose} onUploaded={onUploaded} />
      </Suspense>
    </>
  );
}
