import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Divider, Flex, Input, Modal, Tooltip, theme } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { CONSTANTS } from '@hanlin/shared';
import { useFeedback } from '../feedback';

/**
 * A rich-text field (Tiptap): headings, bold, italic, underline, strike, lists, quotes, links and
 * images. The value is HTML; the server sanitizes whatever arrives, so this is a convenience, not
 * a guard. Pages import it lazily (`lazy(() => import(...))`) so the editor's code is downloaded
 * only where something is edited. `uploadImage` stores a picture and answers a loadable address.
 */
export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  uploadImage?: (file: File) => Promise<string>;
  /** Length of the visible text the server accepts (the count is shown below the editor). */
  maxText?: number;
  testId?: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** A link address the server keeps: http(s), mailto or a path of this site. */
const linkOk = (href: string) => /^(https?:\/\/|mailto:|\/(?!\/))/i.test(href);

function ToolButton({ label, active, onClick, children, testId }: { label: string; active?: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={label} aria-pressed={active} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Tooltip>
  );
}

type Chain = ReturnType<Editor['chain']>;

/** A format the toolbar toggles: its label, whether the selection has it, the command and the button's face. */
interface Format {
  labelKey: string;
  active: (e: Editor) => boolean;
  toggle: (c: Chain) => Chain;
  face: ReactNode;
  /** The button carries `<testId>-<this>`. */
  testId?: string;
}

/** Character formats, then block formats (a divider between the groups). */
const FORMAT_GROUPS: readonly (readonly Format[])[] = [
  [
    { labelKey: 'richText.bold', active: (e) => e.isActive('bold'), toggle: (c) => c.toggleBold(), face: <BoldOutlined />, testId: 'bold' },
    { labelKey: 'richText.italic', active: (e) => e.isActive('italic'), toggle: (c) => c.toggleItalic(), face: <ItalicOutlined /> },
    { labelKey: 'richText.underline', active: (e) => e.isActive('underline'), toggle: (c) => c.toggleUnderline(), face: <UnderlineOutlined /> },
    { labelKey: 'richText.strike', active: (e) => e.isActive('strike'), toggle: (c) => c.toggleStrike(), face: <StrikethroughOutlined /> },
  ],
  [
    { labelKey: 'richText.heading2', active: (e) => e.isActive('heading', { level: 2 }), toggle: (c) => c.toggleHeading({ level: 2 }), face: 'H2' },
    { labelKey: 'richText.heading3', active: (e) => e.isActive('heading', { level: 3 }), toggle: (c) => c.toggleHeading({ level: 3 }), face: 'H3' },
    { labelKey: 'richText.bulletList', active: (e) => e.isActive('bulletList'), toggle: (c) => c.toggleBulletList(), face: <UnorderedListOutlined /> },
    { labelKey: 'richText.orderedList', active: (e) => e.isActive('orderedList'), toggle: (c) => c.toggleOrderedList(), face: <OrderedListOutlined /> },
    { labelKey: 'richText.quote', active: (e) => e.isActive('blockquote'), toggle: (c) => c.toggleBlockquote(), face: '“' },
  ],
];

function Toolbar({ editor, onImage, onLink, testId }: { editor: Editor; onImage?: () => void; onLink: () => void; testId: string }) {
  const { t } = useTranslation();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ formats: FORMAT_GROUPS.map((group) => group.map((f) => f.active(e))), link: e.isActive('link') }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Flex wrap gap={2} align="center" data-testid={`${testId}-toolbar`}>
      {FORMAT_GROUPS.map((group, g) => (
        <Fragment key={g}>
          {group.map((f, i) => (
            <ToolButton
              key={f.labelKey}
              label={t(f.labelKey)}
              active={s.formats[g][i]}
              onClick={() => f.toggle(chain()).run()}
              testId={f.testId ? `${testId}-${f.testId}` : undefined}
            >
              {f.face}
            </ToolButton>
          ))}
          <Divider type="vertical" />
        </Fragment>
      ))}
      <ToolButton label={t('richText.link')} active={s.link} onClick={onLink} testId={`${testId}-link`}>
        <LinkOutlined />
      </ToolButton>
      {onImage ? (
        <ToolButton label={t('richText.image')} onClick={onImage} testId={`${testId}-image`}>
          <PictureOutlined />
        </ToolButton>
      ) : null}
      <Divider type="vertical" />
      <ToolButton label={t('richText.undo')} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </ToolButton>
      <ToolButton label={t('richText.redo')} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </ToolButton>
    </Flex>
  );
}

export default function RichTextEditor({ value, onChange, uploadImage, maxText = CONSTANTS.NOTICE_BODY_MAX, testId = 'rich-text' }: RichTextEditorProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const [textLength, setTextLength] = useState(0);
  // The last HTML this editor reported, so a value coming back from the form does not reset the cursor.
  const reported = useRef<string | null>(null);

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }), Image],
    content: value ?? '',
    editorProps: { attributes: { 'data-testid': `${testId}-content`, class: 'hl-rich-text-input', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      reported.current = html;
      setTextLength(e.getText().length);
      onChange?.(html);
    },
    onCreate: ({ editor: e }) => setTextLength(e.getText().length),
  });

  useEffect(() => {
    if (!editor || (value ?? '') === (reported.current ?? '')) return;
    reported.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
    setTextLength(editor.getText().length);
  }, [editor, value]);

  const openLink = () => {
    const current: unknown = editor?.getAttributes('link').href;
    setHref(typeof current === 'string' ? current : '');
    setLinkOpen(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const v = href.trim();
    if (!v) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (!linkOk(v)) return void message.error(t('richText.badLink'));
    else editor.chain().focus().extendMarkRange('link').setLink({ href: v }).run();
    setLinkOpen(false);
  };
  const pickImage = async (file: File | undefined) => {
    if (!file || !editor || !uploadImage) return;
    if (!IMAGE_TYPES.includes(file.type)) return void message.error(t('upload.typeJpgPng'));
    if (file.size >= CONSTANTS.COVER_MAX_BYTES) return void message.error(t('upload.tooLarge', { mb: CONSTANTS.COVER_MAX_BYTES / 1024 / 1024 }));
    const src = await uploadImage(file);
    editor.chain().focus().setImage({ src, alt: file.name }).run();
  };

  if (!editor) return null;
  return (
    <div data-testid={testId} style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorBgContainer }}>
      <style>{`.hl-rich-text-input{min-height:220px;padding:8px 12px;outline:none}.hl-rich-text-input img{max-width:100%}.hl-rich-text-input p{margin:0 0 .5em}.hl-rich-text-input blockquote{margin:0 0 .5em;padding-inline-start:12px;border-inline-start:3px solid ${token.colorBorder}}`}</style>
      <div style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Toolbar editor={editor} onLink={openLink} onImage={uploadImage ? () => fileInput.current?.click() : undefined} testId={testId} />
      </div>
      <EditorContent editor={editor} />
      <div style={{ textAlign: 'right', padding: '0 8px 4px', color: textLength > maxText ? token.colorError : token.colorTextDescription, fontSize: token.fontSizeSM }}>
        {textLength} / {maxText}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept=".jpg,.jpeg,.png"
        style={{ display: 'none' }}
        data-testid={`${testId}-image-input`}
        onChange={(e) => {
          void pickImage(e.target.files?.[0]).catch(() => undefined);
          e.target.value = '';
        }}
      />
      <Modal
        title={t('richText.link')}
        open={linkOpen}
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        okButtonProps={{ 'data-testid': `${testId}-link-ok` }}
        destroyOnHidden
      >
        <Input autoFocus value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={applyLink} placeholder="https://" data-testid={`${testId}-link-input`} />
        <div style={{ color: token.colorTextDescription, marginTop: 4 }}>{t('richText.linkHint')}</div>
      </Modal>
    </div>
  );
}
