import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  testId?: string;
}

const MODULES = {
  toolbar: [[{ header: [2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ list: 'ordered' }, { list: 'bullet' }], ['link', 'image'], ['clean']],
};

/** Rich text (Quill): the HTML it gives is sanitized again by the server. Lazy-loaded by pages. */
export default function RichTextEditor({ value, onChange, placeholder, testId }: RichTextEditorProps) {
  return (
    <div data-testid={testId}>
      <ReactQuill theme="snow" value={value ?? ''} onChange={(html) => onChange?.(html === '<p><br></p>' ? '' : html)} modules={MODULES} placeholder={placeholder} />
    </div>
  );
}
