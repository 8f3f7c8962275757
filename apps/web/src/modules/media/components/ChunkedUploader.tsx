import { useRef, useState, type ReactNode } from 'react';
import { Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS, UPLOAD_LIMITS, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { errorMessage } from '../../../platform/i18n';
import { uploadResumable, type UploadProgress } from '../upload';
import { uploadFile } from '../../uploads/index';

export interface ChunkedUploaderProps {
  kind: UploadKind;
  purpose: UploadPurpose;
  onUploaded?: (file: UploadResult) => void;
  /** Called with the error's message (already translated when it is a server code). */
  onError?: (message: string) => void;
  disabled?: boolean;
  /** A file up to this size goes in one request (no hashing); a larger one in resumable chunks. */
  oneRequestUpTo?: number;
  /** The choose button: its text (default "Choose a file"), icon and test id; `accept` narrows the file types of the kind. */
  chooseText?: string;
  icon?: ReactNode;
  testId?: string;
  accept?: string;
  /** While an upload runs. */
  onBusy?: (busy: boolean) => void;
}

type Status = { phase: 'idle' } | { phase: 'busy'; progress: UploadProgress } | { phase: 'done'; name: string } | { phase: 'error'; message: string } | { phase: 'cancelled' };

/**
 * One file picker for a file of any allowed size: up to `oneRequestUpTo` in one request, beyond it in chunks
 * (SHA-256 first, then only the chunks the server does not have yet, so choosing the same file again after an
 * interruption resumes it).
 */
export default function ChunkedUploader({
  kind,
  purpose,
  onUploaded,
  onError,
  disabled,
  oneRequestUpTo,
  chooseText,
  icon,
  testId,
  accept: narrowed,
  onBusy,
}: ChunkedUploaderProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [status, setStatusNow] = useState<Status>({ phase: 'idle' });
  const [lastFile, setLastFile] = useState<File | null>(null);
  const accept = narrowed ?? UPLOAD_EXTENSIONS[kind]?.map((e) => `.${e}`).join(',');
  const setStatus = (s: Status) => {
    setStatusNow(s);
    onBusy?.(s.phase === 'busy');
  };

  async function start(file: File) {
    setLastFile(file);
    if (file.size > UPLOAD_LIMITS[kind]) {
      const message = errorMessage('FILE_TOO_LARGE');
      setStatus({ phase: 'error', message });
      onError?.(message);
      return;
    }
    const ctrl = new AbortController();
    const whole = oneRequestUpTo !== undefined && file.size <= oneRequestUpTo;
    abort.current = whole ? null : ctrl;
    setStatus({ phase: 'busy', progress: { phase: whole ? 'uploading' : 'hashing', percent: 0, resumedChunks: 0 } });
    try {
      const result = whole
        ? await uploadFile({ file, purpose, kind })
        : await uploadResumable(file, { kind, purpose, signal: ctrl.signal, onProgress: (progress) => setStatus({ phase: 'busy', progress }) });
      setStatus({ phase: 'done', name: result.name });
      onUploaded?.(result);
    } catch (e) {
      if (ctrl.signal.aborted) {
        setStatus({ phase: 'cancelled' });
        return;
      }
      const message = e instanceof ApiError ? e.text : t('media.upload.failed');
      setStatus({ phase: 'error', message });
      onError?.(message);
    } finally {
      abort.current = null;
      if (input.current) input.current.value = '';
    }
  }

  const busy = status.phase === 'busy';
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="chunked-uploader">
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="chunked-uploader-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void start(f);
        }}
      />
      <Space>
        <Button icon={icon} disabled={disabled || busy} loading={busy} onClick={() => input.current?.click()} data-testid={testId}>
          {chooseText ?? t('media.upload.choose')}
        </Button>
        {busy && abort.current && (
          <Button danger onClick={() => abort.current?.abort()} data-testid="chunked-uploader-cancel">
            {t('media.upload.cancel')}
          </Button>
        )}
        {(status.phase === 'error' || status.phase === 'cancelled') && lastFile && (
          <Button onClick={() => void start(lastFile)} data-testid="chunked-uploader-retry">
            {t('media.upload.retry')}
          </Button>
        )}
      </Space>
      {status.phase === 'busy' && (
        <div data-testid="chunked-uploader-progress">
          <Typography.Text type="secondary">
            {status.progress.phase === 'hashing' ? t('media.upload.hashing') : status.progress.resumedChunks > 0 ? t('media.upload.resuming') : t('media.upload.uploading')}
          </Typography.Text>
          <Progress percent={status.progress.percent} status="active" />
        </div>
      )}
      {status.phase === 'done' && <Typography.Text type="success">{`${t('media.upload.done')}: ${status.name}`}</Typography.Text>}
      {status.phase === 'cancelled' && <Typography.Text type="warning">{t('media.upload.cancelled')}</Typography.Text>}
      {status.phase === 'error' && (
        <Typography.Text type="danger" data-testid="chunked-uploader-error">
          {status.message}
        </Typography.Text>
      )}
    </Space>
  );
}
