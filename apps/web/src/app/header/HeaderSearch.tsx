import { CloseOutlined, DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Button, Dropdown, Input, Space, type InputRef } from 'antd';
import { CONSTANTS, isOneOf, keysOf } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findHotWords, recordSearch, suggestSearch } from '../../modules/student/api';
import { SEARCH_TARGETS, type SearchType } from '../routes/portal-paths';

/**
 * Search by course / training / knowledge (spec section 5): non-empty text; 400 ms after typing
 * stops it opens the list by itself, records the search and offers the most searched words
 * starting with the text. Focused while empty, it offers the hot words (as many as the parameter
 * `hotWordCount`). The pickers are Dropdown menus, not a Select or AutoComplete:
 * rc-select (virtual list) would be downloaded by the portal alone, Dropdown is already in the
 * shared `ui` chunk. Below 768 px it folds into an icon that opens it as a bar under the header.
 * From the keyboard: ArrowDown enters the open list (Escape leaves it), Tab leaves the field for the next control
 * and closes the list; focus coming back from the list does not open it again (that was a keyboard trap: Tab went
 * into the list, the list gave the focus back to the field, the field opened the list again).
 */
const SUGGESTIONS = 'hl-search-suggestions';
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<SearchType>('course');
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [hot, setHot] = useState(false);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const field = useRef<InputRef>(null);
  const latest = useRef(0);

  const go = (kind: SearchType, value: string) => {
    const keyword = value.trim();
    if (!keyword) return;
    void recordSearch({ keyword, type: kind }).catch(() => undefined);
    void navigate(`${SEARCH_TARGETS[kind]}?keyword=${encodeURIComponent(keyword)}`);
  };
  const suggest = (value: string) => {
    const asked = ++latest.current;
    suggestSearch({ keyword: value.trim() })
      .then((words) => {
        // An older answer arriving after a newer one is dropped.
        if (asked !== latest.current) return;
        const others = words.filter((w) => w !== value.trim().toLowerCase());
        setHot(false);
        setSuggestions(others);
        setOpen(others.length > 0);
      })
      .catch(() => setSuggestions([]));
  };
  const offerHotWords = (e: FocusEvent) => {
    if (text.trim()) return;
    // Back from the list (Escape, Tab): the user has seen it.
    if (e.relatedTarget instanceof Element && e.relatedTarget.closest(`.${SUGGESTIONS}`)) return;
    const asked = ++latest.current;
    findHotWords()
      .then((words) => {
        if (asked !== latest.current) return;
        setHot(true);
        setSuggestions(words.map((w) => w.word));
        setOpen(words.length > 0);
      })
      .catch(() => undefined);
  };

  const listShown = open && suggestions.length > 0;
  const keys = (e: KeyboardEvent) => {
    if (!listShown) return;
    if (e.key === 'Tab') {
      // On to the next control: the list's own Tab handling (on the window) would pull the focus into it.
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      document.querySelector<HTMLElement>(`.${SUGGESTIONS} [role=menu]`)?.focus();
    }
  };

  // Escape or Tab in the list: the focus goes back to the field (the list's own return of it does not reach the
  // input inside Input.Search, and the focus was left on the page's body), Tab then moves on from there.
  const listKeys = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' && e.key !== 'Tab') return;
    field.current?.focus();
    setOpen(false);
  };

  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    if (!text.trim()) {
      setSuggestions([]);
      return;
    }
    timer.current = setTimeout(() => {
      suggest(text);
      go(type, text);
    }, CONSTANTS.SEARCH_DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, type]);

  return (
    <>
      <Button
        type="text"
        className="hl-search-toggle"
        icon={expanded ? <CloseOutlined /> : <SearchOutlined />}
        aria-label={t('search.placeholder')}
        aria-expanded={expanded}
        data-testid="search-toggle"
        onClick={() => setExpanded((e) => !e)}
      />
      <Space.Compact size="small" className={expanded ? 'hl-search hl-search-open' : 'hl-search'}>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [type],
            items: keysOf(SEARCH_TARGETS).map((k) => ({
              key: k,
              label: <span data-testid={`search-type-${k}`}>{t(`search.${k}`)}</span>,
            })),
            onClick: ({ key }) => {
              if (isOneOf(keysOf(SEARCH_TARGETS), key)) setType(key);
            },
          }}
        >
          <Button data-testid="search-type" style={{ width: 100, display: 'flex', justifyContent: 'space-between' }}>
            <span>{t(`search.${type}`)}</span>
            <DownOutlined style={{ fontSize: 10, color: 'rgba(0, 0, 0, 0.25)' }} />
          </Button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          open={listShown}
          rootClassName={SUGGESTIONS}
          onOpenChange={(o) => setOpen(o && suggestions.length > 0)}
          menu={{
            items: suggestions.map((w) => ({ key: w, label: <span data-testid={hot ? 'search-hot-word' : 'search-suggestion'}>{w}</span> })),
            onKeyDown: listKeys,
            onClick: ({ key }) => {
              setOpen(false);
              setText(key);
            },
          }}
        >
          <Input.Search
            ref={field}
            data-testid="search-input"
            allowClear
            className="hl-search-input"
            value={text}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            onChange={(e) => {
              // Typing replaces the hot words with the suggestions of the text.
              if (hot) {
                latest.current++;
                setHot(false);
                setOpen(false);
              }
              setText(e.target.value);
            }}
            onFocus={offerHotWords}
            onKeyDown={keys}
            onSearch={(v) => go(type, v)}
          />
        </Dropdown>
      </Space.Compact>
    </>
  );
}
