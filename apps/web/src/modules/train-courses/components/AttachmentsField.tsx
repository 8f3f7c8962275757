import { useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_COURSE_UPLOAD_PURPOSE } from '@hanlin/shared';
import { uploadFile } from '../../uploads/index';

/**
 * The course's attachments as a form control: the value is the list of file references
 * (`/api/upload/file/…`); `known` names the files the course already has.
 */
export function AttachmentsField({
  value = [],
  onChange,
  known = [],
  max,
  testId,
}: {
  value?: string[];
  onChange?: (refs: string[]) => void;
  known?: { ref: string; name: string }[];
  max: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const [names, setNames] = useState<Record<string, string>>({});
  // Several files may finish uploading before the form re-renders: each adds to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const nameOf = (ref: string) => names[ref] ?? known.find((k) => k.ref === ref)?.name ?? ref;
  return (
    <Upload
      fileList={value.map((ref) => ({ uid: ref, name: nameOf(ref), status: 'done' as const }))}
      onRemove={(file) => onChange?.((latest.current = latest.current.filter((ref) => ref !== file.uid)))}
      customRequest={({ file, onSuccess, onError }) => {
        // The file picked (a text only where a beforeUpload turns it into one, which none here does).
        if (typeof file === 'string') return onError?.(new Error('not a file'));
        uploadFile({ file, purpose: TRAIN_COURSE_UPLOAD_PURPOSE, kind: 'attachment' })
          .then((u) => {
            setNames((n) => ({ ...n, [u.url]: u.name }));
            onChange?.((latest.current = [...latest.current, u.url]));
            onSuccess?.(u);
          })
          .catch((e: Error) => onError?.(e));
      }}
    >
      {value.length < max && (
        <Button icon={<PlusOutlined />} data-testid={testId}>
          {t('trainCourse.addAttachment')}
        </Button>
      )}
    </Upload>
  );
}
