import { DownOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, Input, Space } from 'antd';
import { CONSTANTS } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_TARGETS, type SearchType } from '../routes/portal-paths';

/**
 * Search by course / training / knowledge; non-empty text, 400 ms debounce, opens the list.
 * The type picker is a Dropdown menu, not a Select: Select (rc-select, virtual list) would be
 * downloaded by the portal alone, Dropdown is already in the shared `ui` chunk.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<SearchType>('course');
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const go = (kind: SearchType, value: string) => {
    const keyword = value.trim();
    if (!keyword) return;
    void navigate(`${SEARCH_TARGETS[kind]}?keyword=${encodeURIComponent(keyword)}`);
  };

  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    if (!text.trim()) return;
    timer.current = setTimeout(() => go(type, text), CONSTANTS.SEARCH_DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, type]);

  return (
    <Space.Compact size="small">
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [type],
          items: (Object.keys(SEARCH_TARGETS) as SearchType[]).map((k) => ({
            key: k,
            label: <span data-testid={`search-type-${k}`}>{t(`search.${k}`)}</span>,
          })),
          onClick: ({ key }) => setType(key as SearchType),
        }}
      >
        <Button data-testid="search-type" style={{ width: 100, display: 'flex', justifyContent: 'space-between' }}>
          <span>{t(`search.${type}`)}</span>
          <DownOutlined style={{ fontSize: 10, color: 'rgba(0, 0, 0, 0.25)' }} />
        </Button>
      </Dropdown>
      <Input.Search
        data-testid="search-input"
        allowClear
        style={{ width: 200 }}
        value={text}
        placeholder={t('search.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => go(type, v)}
      />
    </Space.Compact>
  );
}
