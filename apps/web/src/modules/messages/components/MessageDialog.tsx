import { Modal, Tag, Typography } from 'antd';
import { useQuery, useQueryClient, skipToken } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format';
import { getMessageById } from '../api';
import { messageText } from '../message-text';

/** One message opened: read by id (the server marks it read), then every message query refreshes. */
export default function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['message', 'one', id],
    queryFn:
      id === null
        ? skipToken
        : async () => {
            const m = await getMessageById({ id });
            void qc.invalidateQueries({ queryKey: ['message'], predicate: (query) => query.queryKey[1] !== 'one' });
            return m;
          },
  });
  const text = q.data ? messageText(t, q.data) : null;
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} title={text?.title} destroyOnHidden data-testid="message-dialog">
      {q.data && text ? (
        <>
          <Typography.Paragraph type="secondary">
            <Tag>{t(`message.kind.${q.data.kind}`, { defaultValue: q.data.kind })}</Tag>
            {formatTime(q.data.createdAt)}
          </Typography.Paragraph>
          <Typography.Paragraph data-testid="message-content" style={{ whiteSpace: 'pre-wrap' }}>
            {text.content}
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}
