import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format';
import { findSurveyTexts } from './api';

const TEXT_PAGE = 10;

/** The texts given to an item (or its "other" texts), newest first, searched, page by page; names only for a named survey. */
export function TextAnswers({ surveyId, itemKey, orgId }: { surveyId: number; itemKey: string; orgId?: number }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['survey-texts', surveyId, itemKey, orgId, keyword, page],
    queryFn: () => findSurveyTexts({ id: surveyId, key: itemKey, page, size: TEXT_PAGE, ...(orgId ? { orgId } : {}), ...(keyword ? { keyword } : {}) }),
  });
  return (
    <div data-testid={`survey-texts-${itemKey}`}>
      <Input.Search
        allowClear
        size="small"
        style={{ maxWidth: 280, marginBottom: 8 }}
        placeholder={t('surveyResult.searchTexts')}
        data-testid={`survey-texts-search-${itemKey}`}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <List
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        locale={{ emptyText: t('surveyResult.noTexts') }}
        pagination={(q.data?.total ?? 0) > TEXT_PAGE ? { current: page, pageSize: TEXT_PAGE, total: q.data?.total, onChange: setPage, size: 'small' } : false}
        renderItem={(r) => (
          <List.Item data-testid="survey-text">
            <Typography.Text>{r.text}</Typography.Text>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', marginLeft: 12 }}>
              {[r.realname, r.orgName, r.submittedAt.length > 10 ? formatTime(r.submittedAt) : r.submittedAt].filter(Boolean).join(' · ')}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
