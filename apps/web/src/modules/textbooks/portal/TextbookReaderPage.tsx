import { Suspense, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, List, Popconfirm, Rate, Row, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TEXTBOOK_NOTE_MAX, type TextbookNote } from '@hanlin/shared';
import { PdfViewer } from '../../media/index';
import {
  deleteTextbookNote,
  findTextbookNotes,
  insertTextbookNote,
  readTextbook,
  registerTextbook,
  saveTextbookProgress,
  scoreTextbook,
  unregisterTextbook,
  updateTextbookNote,
} from '../api';
import { useFeedback } from '../../../platform/feedback';

/** One of my notes: edit in place, delete with confirmation. */
function NoteItem({ note, onChanged }: { note: TextbookNote; onChanged: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({ mutationFn: (content: string) => updateTextbookNote({ id: note.id, content }), onSuccess: () => (setEditing(null), onChanged()) });
  const remove = useMutation({ mutationFn: () => deleteTextbookNote({ id: note.id }), onSuccess: onChanged });
  return (
    <List.Item
      data-testid="textbook-note"
      actions={
        editing === null
          ? [
              <Button key="e" size="small" type="link" onClick={() => setEditing(note.content)} data-testid="textbook-note-edit">
                {t('common.edit')}
              </Button>,
              <Popconfirm key="d" title={t('textbook.noteDeleteConfirm')} onConfirm={() => remove.mutate()}>
                <Button size="small" type="link" danger data-testid="textbook-note-delete">
                  {t('common.delete')}
                </Button>
              </Popconfirm>,
            ]
          : [
              <Button key="s" size="small" type="link" loading={save.isPending} disabled={!editing.trim()} onClick={() => save.mutate(editing.trim())}>
                {t('common.save')}
              </Button>,
              <Button key="c" size="small" type="link" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>,
            ]
      }
    >
      <div style={{ minWidth: 0, flex: 1 }}>
        <Tag>{t('textbook.notePage', { page: note.page })}</Tag>
        {editing === null ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }} data-testid="textbook-note-content">
            {note.content}
          </Typography.Paragraph>
        ) : (
          <Input.TextArea autoSize value={editing} maxLength={TEXTBOOK_NOTE_MAX} onChange={(e) => setEditing(e.target.value)} style={{ marginTop: 4 }} />
        )}
      </div>
    </List.Item>
  );
}

/** The reader (`/portal/textbook/:id`): the PDF with page progress kept, score, registration and my notes per page. */
export default function TextbookReaderPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const [page, setPage] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const book = useQuery({ queryKey: ['textbook', 'read', id], queryFn: () => readTextbook({ id }), enabled: id > 0 });
  const notes = useQuery({ queryKey: ['textbook', 'notes', id], queryFn: () => findTextbookNotes({ textbookId: id }), enabled: id > 0 });
  const refreshBook = () => void qc.invalidateQueries({ queryKey: ['textbook'] });
  const refreshNotes = () => void qc.invalidateQueries({ queryKey: ['textbook', 'notes', id] });
  const score = useMutation({ mutationFn: (s: number) => scoreTextbook({ id, score: s }), onSuccess: () => (message.success(t('textbook.scored')), refreshBook()) });
  const register = useMutation({
    mutationFn: (on: boolean) => (on ? registerTextbook({ id }) : unregisterTextbook({ id })),
    onSuccess: (_d, on) => (message.success(t(on ? 'textbook.registeredOk' : 'textbook.unregisteredOk')), refreshBook()),
  });
  const addNote = useMutation({
    mutationFn: () => insertTextbookNote({ textbookId: id, page: page ?? 1, content: draft.trim() }),
    onSuccess: () => (setDraft(''), refreshNotes()),
  });

  if (book.isLoading) return <Spin />;
  const b = book.data;
  if (!b) return <Empty description={t('textbook.notFound')} />;
  return (
    <Row gutter={[12, 12]} data-testid="textbook-reader-page">
      <Col xs={24} lg={16}>
        <Card
          title={<span data-testid="textbook-reader-title">{b.name}</span>}
          extra={<Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>}
          styles={{ body: { padding: 12 } }}
        >
          {b.pdfUrl ? (
            <Suspense fallback={<Spin />}>
              <PdfViewer
                src={b.pdfUrl}
                initialPage={b.page ?? 1}
                onPageChange={({ current, total }) => {
                  setPage(current);
                  void saveTextbookProgress({ id, page: current, pageCount: total }).catch(() => undefined);
                }}
              />
            </Suspense>
          ) : (
            <Empty description={t('textbook.notReady')} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Card size="small" data-testid="textbook-reader-info">
            {b.author && <Typography.Paragraph style={{ margin: 0 }}>{t('textbook.authorIs', { name: b.author })}</Typography.Paragraph>}
            {b.publisher && <Typography.Paragraph style={{ margin: 0 }}>{t('textbook.publisherIs', { name: b.publisher })}</Typography.Paragraph>}
            <Space wrap style={{ margin: '8px 0' }}>
              <Typography.Text>{t('textbook.average')}</Typography.Text>
              <Rate disabled allowHalf value={b.averageScore ?? 0} />
              <Typography.Text data-testid="textbook-average">{b.averageScore ?? '-'}</Typography.Text>
              <Typography.Text type="secondary">{t('textbook.scoreCount', { count: b.scoreCount })}</Typography.Text>
            </Space>
            <Space wrap>
              <Typography.Text>{t('textbook.myScore')}</Typography.Text>
              <Rate value={b.myScore ?? 0} disabled={!b.abilities.score || score.isPending} onChange={(v) => v > 0 && score.mutate(v)} data-testid="textbook-my-score" />
            </Space>
            <div style={{ marginTop: 8 }}>
              <Button
                type={b.registered ? 'default' : 'primary'}
                loading={register.isPending}
                onClick={() => register.mutate(!b.registered)}
                data-testid="textbook-register"
                disabled={!(b.registered ? b.abilities.unregister : b.abilities.register)}
              >
                {t(b.registered ? 'textbook.unregister' : 'textbook.register')}
              </Button>
            </div>
            {b.intro && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{b.intro}</Typography.Paragraph>}
          </Card>
          <Card size="small" title={t('textbook.notes')} data-testid="textbook-notes">
            <Input.TextArea
              autoSize={{ minRows: 2 }}
              maxLength={TEXTBOOK_NOTE_MAX}
              value={draft}
              placeholder={t('textbook.notePlaceholder', { page: page ?? 1 })}
              onChange={(e) => setDraft(e.target.value)}
              data-testid="textbook-note-input"
            />
            <Button
              type="primary"
              size="small"
              style={{ marginTop: 8 }}
              disabled={!draft.trim()}
              loading={addNote.isPending}
              onClick={() => addNote.mutate()}
              data-testid="textbook-note-add"
            >
              {t('textbook.addNote')}
            </Button>
            <List
              size="small"
              dataSource={notes.data ?? []}
              rowKey="id"
              locale={{ emptyText: t('textbook.noNotes') }}
              renderItem={(n) => <NoteItem note={n} onChanged={refreshNotes} />}
            />
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
