import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich text editor, its code downloaded when it first shows; as a Form.Item's direct child it takes value/onChange. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
