import { useState } from 'react';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { CONSTANTS, type UploadPurpose } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { uploadFile, type UploadedFile } from './api';
import { useFeedback } from '../../platform/feedback';
import { errorOf, pickedFile } from '../../platform/dom';

const TYPES = ['image/jpeg', 'image/png'];

/** JPG/PNG under 5 MB (checked here and by the server); the value is the uploaded file's URL. */
export function ImageUpload({
  value,
  onChange,
  previewUrl,
  purpose,
  testId = 'image-upload',
}: {
  value?: string | null;
  onChange?: (url: string | null, uploaded?: UploadedFile) => void;
  /** Loadable address of the current value (uploaded files need a signed link for <img>). */
  previewUrl?: string | null;
  /** What the picture is for (decides who may read it). */
  purpose: UploadPurpose;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const shown = value ? (preview ?? previewUrl ?? (/^https?:/.test(value) ? value : null)) : null;
  return (
    <Upload
      listType="picture-card"
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      data-testid={testId}
      beforeUpload={(file) => {
        if (!TYPES.includes(file.type)) {
          message.error(t('upload.typeJpgPng'));
          return Upload.LIST_IGNORE;
        }
        if (file.size >= CONSTANTS.COVER_MAX_BYTES) {
          message.error(t('upload.tooLarge', { mb: CONSTANTS.COVER_MAX_BYTES / 1024 / 1024 }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const r = await uploadFile({ file: pickedFile(file), purpose, kind: 'image' });
          setPreview(r.publicUrl ?? URL.createObjectURL(pickedFile(file)));
          onChange?.(r.url, r);
          onSuccess?.(r);
        } catch (e) {
          onError?.(errorOf(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      {shown ? (
        <img src={shown} alt="" data-testid={`${testId}-preview`} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>{t('upload.choose')}</div>
        </div>
      )}
    </Upload>
  );
}
