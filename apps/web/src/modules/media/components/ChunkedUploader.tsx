import { useRef, useState } from 'react';
import { Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS, UPLOAD_LIMITS, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { errorMessage } from '../../../platform/i18n';
import { uploadResumable, type UploadProgress } from '../upload';

export interface ChunkedUploaderProps {
  kind: UploadKind;
  purpose: UploadPurpose;
  onUploaded?: (file: UploadResult) => void;
  /** Called with the error's message (already translated when it is a server code). */
  onError?: (message: string) => void;
  disabled?: boolean;
}

type Status = { phase: 'idle' } | { phase: 'busy'; progress: UploadProgress } | { phase: 'done'; name: string } | { phase: 'error'; message: string } | { phase: 'cancelled' };

/**
 * Uploads one large file (courseware, video) in chunks: SHA-256 first, then only the chunks the
 * server does not have yet, so choosing the same file again after an interruption resumes it.
 */
export default function ChunkedUploader({ kind, purpose, onUploaded, onError, disabled }: ChunkedUploaderProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<Status>({ phase: 'idle' });
  const [lastFile, setLastFile] = useState<File | null>(null);
  const accept = UPLOAD_EXTENSIONS[kind]?.map((e) => `.${e}`).join(',');

  async function start(file: File) {
    setLastFile(file);
    if (file.size > UPLOAD_LIMITS[kind]) {
      const message = errorMessage('FILE_TOO_LARGE');
      setStatus({ phase: 'error', message });
      onError?.(message);
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setStatus({ phase: 'busy', progress: { phase: 'hashing', percent: 0, resumedChunks: 0 } });
    try {
      const result = await uploadResumable(file, { kind, purpose, signal: ctrl.signal, onProgress: (progress) => setStatus({ phase: 'busy', progress }) });
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
        <Button disabled={disabled || busy} onClick={() => input.current?.click()}>
          {t('media.upload.choose')}
        </Button>
        {busy && (
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
