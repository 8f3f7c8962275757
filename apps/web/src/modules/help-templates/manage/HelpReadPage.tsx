import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Segmented, Spin, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HELP_TEMPLATE_CATEGORIES, type HelpTemplateCategory, type HelpTemplateRow } from '@hanlin/shared';
import { RichTextView } from '../../../platform/components/RichTextView';
import { saveDownload } from '../../../platform/api/client';
import { downloadHelpFile, findPublishedHelp, readHelpTemplate } from '../api';

function Body({ id }: { id: number }) {
  const q = useQuery({ queryKey: ['helpTemplate', 'read', id], queryFn: () => readHelpTemplate({ id }) });
  return q.data ? <RichTextView html={q.data.body} testId="help-read-body" /> : <Spin />;
}

/**
 * The published help documents and templates (`help-and-template-read`, any training code): by
 * category, in their order; a document opens in place with its body; attached files download.
 */
export default function HelpReadPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<HelpTemplateCategory | 'all'>('all');
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['helpTemplate', 'published', category],
    queryFn: () => findPublishedHelp({ page: 1, size: 200, category: category === 'all' ? undefined : category }),
  });
  return (
    <Card data-testid="help-read-page" title={t('helpTemplates.readAll')}>
      <Segmented<HelpTemplateCategory | 'all'>
        value={category}
        onChange={setCategory}
        options={[{ value: 'all', label: t('helpTemplates.all') }, ...HELP_TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`helpTemplates.category_${c}`) }))]}
        style={{ marginBottom: 16 }}
      />
      {!q.data ? (
        <Spin />
      ) : !q.data.records.length ? (
        <Empty />
      ) : (
        <List<HelpTemplateRow>
          dataSource={q.data.records}
          renderItem={(d) => (
            <List.Item key={d.id}>
              <div style={{ width: '100%' }}>
                <Typography.Link onClick={() => setOpen(open === d.id ? null : d.id)} data-testid="help-read-title">
                  {d.title}
                </Typography.Link>{' '}
                <Typography.Text type="secondary">{t(`helpTemplates.category_${d.category}`)}</Typography.Text>
                {d.attachments.map((f) => (
                  <div key={f.ref}>
                    <Typography.Link onClick={() => void downloadHelpFile(f.ref).then(saveDownload)} data-testid="help-read-file">
                      <PaperClipOutlined /> {f.name}
                    </Typography.Link>
                  </div>
                ))}
                {open === d.id && (
                  <div style={{ marginTop: 8 }}>
                    <Body id={d.id} />
                  </div>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
