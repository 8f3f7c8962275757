import { useEffect, useRef, useState, type ReactNode } from 'react';
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

function Toolbar({ editor, onImage, onLink, testId }: { editor: Editor; onImage?: () => void; onLink: () => void; testId: string }) {
  const { t } = useTranslation();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Flex wrap gap={2} align="center" data-testid={`${testId}-toolbar`}>
      <ToolButton label={t('richText.bold')} active={s.bold} onClick={() => chain().toggleBold().run()} testId={`${testId}-bold`}>
        <BoldOutlined />
      </ToolButton>
      <ToolButton label={t('richText.italic')} active={s.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </ToolButton>
      <ToolButton label={t('richText.underline')} active={s.underline} onClick={() => chain().toggleUnderline().run()}>
        <UnderlineOutlined />
      </ToolButton>
      <ToolButton label={t('richText.strike')} active={s.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughOutlined />
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton label={t('richText.heading2')} active={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label={t('richText.heading3')} active={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label={t('richText.bulletList')} active={s.bullet} onClick={() => chain().toggleBulletList().run()}>
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton label={t('richText.orderedList')} active={s.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton label={t('richText.quote')} active={s.quote} onClick={() => chain().toggleBlockquote().run()}>
        “
      </ToolButton>
      <Divider type="vertical" />
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
    setHref((editor?.getAttributes('link').href as string | undefined) ?? '');
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
        okButtonProps={{ 'data-testid': `${testId}-link-ok` } as Record<`data-${string}`, string>}
        destroyOnHidden
      >
        <Input autoFocus value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={applyLink} placeholder="https://" data-testid={`${testId}-link-input`} />
        <div style={{ color: token.colorTextDescription, marginTop: 4 }}>{t('richText.linkHint')}</div>
      </Modal>
    </div>
  );
}
