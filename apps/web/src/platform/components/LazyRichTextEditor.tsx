import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor';

/** The editor's code (Tiptap) is downloaded only when a field using it renders, i.e. on an edit page. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich-text editor as a form control (value/onChange from Form.Item), loaded when it first shows. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
