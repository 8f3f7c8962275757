import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, List, Pagination, Rate, Space, Spin, Tag, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findShelfTextbooks } from '../api';

const SIZE = 12;

/** Textbook cards: the published shelf, or (mine) the textbooks I registered. Fits a 390 px phone. */
export function TextbookShelf({ mine, title, testId }: { mine: boolean; title: string; testId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const q = useQuery({ queryKey: ['textbook', 'shelf', mine, page, keyword], queryFn: () => findShelfTextbooks({ page, size: SIZE, mine, keyword: keyword || undefined }) });
  return (
    <Card
      title={title}
      data-testid={testId}
      styles={{ body: { padding: 12 } }}
      extra={
        <Input.Search
          allowClear
          placeholder={t('textbook.search')}
          style={{ maxWidth: 180 }}
          data-testid="textbook-shelf-search"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.records.length ? (
        <Empty description={t(mine ? 'textbook.noneMine' : 'textbook.noneShelf')} />
      ) : (
        <>
          <List
            grid={{ gutter: 12, xs: 1, sm: 2, md: 3, lg: 4 }}
            dataSource={q.data.records}
            rowKey="id"
            renderItem={(b) => (
              <List.Item>
                <Link to={`/portal/textbook/${b.id}`} data-testid="textbook-card">
                  <Card hoverable size="small" styles={{ body: { padding: 10 } }}>
                    <Space align="start" style={{ width: '100%' }}>
                      {b.coverUrl ? (
                        <img src={b.coverUrl} alt="" style={{ width: 60, height: 80, objectFit: 'cover', borderRadius: 2 }} />
                      ) : (
                        <BookOutlined style={{ fontSize: 48, color: '#1677ff' }} />
                      )}
                      <div style={{ minWidth: 0 }}>
                        <Typography.Text strong ellipsis style={{ display: 'block' }} data-testid="textbook-card-name">
                          {b.name}
                        </Typography.Text>
                        {b.author && <Typography.Text type="secondary">{b.author}</Typography.Text>}
                        <div>
                          <Rate disabled allowHalf value={b.averageScore ?? 0} style={{ fontSize: 12 }} />
                          <Typography.Text type="secondary" style={{ marginLeft: 4 }}>
                            {b.averageScore ?? '-'}
                          </Typography.Text>
                        </div>
                        <Space size={2} wrap>
                          {b.registered && <Tag color="blue">{t('textbook.registered')}</Tag>}
                          {b.labels.map((l) => (
                            <Tag key={l}>{l}</Tag>
                          ))}
                        </Space>
                      </div>
                    </Space>
                  </Card>
                </Link>
              </List.Item>
            )}
          />
          <Pagination size="small" current={page} pageSize={SIZE} total={q.data.total} onChange={setPage} style={{ marginTop: 12, textAlign: 'right' }} />
        </>
      )}
    </Card>
  );
}
