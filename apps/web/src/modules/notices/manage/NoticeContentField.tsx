import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { uploadFile } from '../../uploads/index';

/** The editor's code (Tiptap) is downloaded only when this field renders, i.e. on the edit page. */
const RichTextEditor = lazy(() => import('../../../platform/components/RichTextEditor'));

/** Pictures in a notice: uploaded as notice images; the editor shows them by their signed link. */
async function uploadNoticeImage(file: File): Promise<string> {
  const r = await uploadFile({ file, purpose: 'notice', kind: 'image' });
  return r.publicUrl ?? r.url;
}

/** A form control (value/onChange from Form.Item) around the lazily loaded rich-text editor. */
export function NoticeContentField(props: { value?: string | null; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} uploadImage={uploadNoticeImage} testId="notice-content" />
    </Suspense>
  );
}
