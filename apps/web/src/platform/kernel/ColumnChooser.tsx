import { useState } from 'react';
import { Button, Checkbox, Grid, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from './types';

/** Where a list's column choice is remembered (per list, in this browser). */
export const columnStoreKey = (list: string) => `hanlin.columns.${list}`;

type Choice = Record<string, boolean>;

function readChoice(list: string): Choice {
  try {
    const raw = localStorage.getItem(columnStoreKey(list));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean')) : {};
  } catch {
    return {};
  }
}

/**
 * Whether a column shows by default on this screen: `priority: 'low'` only from 1600 px
 * (antd `xxl`), `'medium'` from 1200 px (`xl`), others always.
 */
export function shownByDefault(priority: ColumnSpec<unknown>['priority'], screens: Partial<Record<'xl' | 'xxl', boolean>>): boolean {
  if (priority === 'low') return !!screens.xxl;
  if (priority === 'medium') return !!screens.xl;
  return true;
}

export interface ColumnChoice<R> {
  /** The columns to show, in their declared order. */
  visible: ColumnSpec<R>[];
  /** Every column with whether it shows (for the chooser). */
  all: { spec: ColumnSpec<R>; shown: boolean }[];
  toggle(key: string, shown: boolean): void;
  reset(): void;
}

/**
 * The columns a list shows: low-priority ones hidden on narrow screens, unless the user chose
 * otherwise in the column chooser (remembered per list in localStorage).
 */
export function useColumnChoice<R>(list: string, specs: readonly ColumnSpec<R>[]): ColumnChoice<R> {
  const screens = Grid.useBreakpoint();
  const [choice, setChoice] = useState<Choice>(() => readChoice(list));
  const save = (next: Choice) => {
    setChoice(next);
    try {
      if (Object.keys(next).length) localStorage.setItem(columnStoreKey(list), JSON.stringify(next));
      else localStorage.removeItem(columnStoreKey(list));
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  };
  const all = specs.map((spec) => ({ spec, shown: choice[spec.key] ?? shownByDefault(spec.priority, screens) }));
  return {
    visible: all.filter((c) => c.shown).map((c) => c.spec),
    all,
    toggle: (key, shown) => save({ ...choice, [key]: shown }),
    reset: () => save({}),
  };
}

/** A button opening the list's columns as check boxes; at least one column stays shown. */
export function ColumnChooser<R>({ choice }: { choice: ColumnChoice<R> }) {
  const { t } = useTranslation();
  const shownCount = choice.all.filter((c) => c.shown).length;
  const content = (
    <Space orientation="vertical" size={4} data-testid="crud-columns-panel">
      {choice.all.map(({ spec, shown }) => (
        <div key={spec.key} data-testid={`crud-column-${spec.key}`}>
          <Checkbox checked={shown} disabled={shown && shownCount === 1} onChange={(e) => choice.toggle(spec.key, e.target.checked)}>
            {t(spec.titleKey)}
          </Checkbox>
        </div>
      ))}
      <Button type="link" size="small" style={{ padding: 0 }} data-testid="crud-columns-reset" onClick={choice.reset}>
        {t('common.columnsReset')}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('common.columns')}>
      <Button icon={<SettingOutlined />} aria-label={t('common.columns')} title={t('common.columns')} data-testid="crud-columns" />
    </Popover>
  );
}
