import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '@hanlin/shared';
import { feedback } from '../../../platform/feedback';
import { uploadFile } from '../../uploads/index';
import { pickedFile } from '../../../platform/dom';

/**
 * The cover of a course as a form control: its value is the stored file reference (`/api/upload/file/…`)
 * or null; `url` shows the saved cover until another is chosen.
 */
export function CourseCoverField({ value, onChange, url }: { value?: string | null; onChange?: (ref: string | null) => void; url?: string | null }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? (value ? url : null);
  return (
    <Space align="start">
      {shown && <img src={shown} alt="" style={{ width: 160, height: 90, objectFit: 'cover' }} />}
      <Upload
        accept=".jpg,.jpeg,.png"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (f.size >= CONSTANTS.COVER_MAX_BYTES || !/\.(jpe?g|png)$/i.test(f.name)) {
            feedback.message.error(t('course.coverHint'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          uploadFile({ file: pickedFile(file), purpose: 'cover', kind: 'cover' })
            .then((r) => {
              setPreview(URL.createObjectURL(pickedFile(file)));
              onChange?.(r.url);
              onSuccess?.(r);
            })
            .catch((e: Error) => onError?.(e));
        }}
      >
        <Button data-testid="course-cover">{t('course.chooseCover')}</Button>
      </Upload>
      {value && (
        <Button
          onClick={() => {
            setPreview(null);
            onChange?.(null);
          }}
        >
          {t('common.delete')}
        </Button>
      )}
    </Space>
  );
}
