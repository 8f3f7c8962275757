import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QA_WORDS_MAX } from '@hanlin/shared';
import { useFeedback } from '../../../platform/feedback';
import { getSensitiveWords, saveSensitiveWords } from '../api';

const toWords = (text: string) =>
  text
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);

/** The sensitive-word list (one word a line): answers and entries holding one, in any letter case, are refused. */
export function SensitiveWordsButton() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['qa', 'sensitive-words'], queryFn: () => getSensitiveWords(), enabled: open });
  const value = text ?? q.data?.words.join('\n') ?? '';
  const save = async () => {
    setBusy(true);
    try {
      await saveSensitiveWords({ words: toWords(value) });
      await qc.invalidateQueries({ queryKey: ['qa', 'sensitive-words'] });
      message.success(t('common.saved'));
      setOpen(false);
      setText(null);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button data-testid="qa-words-open" onClick={() => setOpen(true)}>
        {t('qa.sensitiveWords')}
      </Button>
      <Modal
        open={open}
        title={t('qa.sensitiveWords')}
        onCancel={() => (setOpen(false), setText(null))}
        onOk={() => void save()}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'qa-words-save' }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('qa.sensitiveWordsLabel')} extra={t('qa.sensitiveWordsHint', { max: QA_WORDS_MAX })}>
            <Input.TextArea rows={10} value={value} onChange={(e) => setText(e.target.value)} data-testid="qa-words" disabled={q.isLoading} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
