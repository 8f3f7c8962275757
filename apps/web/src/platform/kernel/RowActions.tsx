import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RowAction<R> {
  key: string;
  /** Translated link text. */
  label: string;
  danger?: boolean;
  /** Ask first in a pop-up; a string is its description. */
  confirm?: boolean | string;
  /** The question of that pop-up naming the record (default "Really <label>?"). */
  confirmTitle?: (record: R) => string;
  run: (record: R) => unknown;
  /** The `abilities` entry that decides (default: `key`); `false`: abilities do not apply. */
  ability?: string | false;
  /** Decides instead of the row's abilities (an explicit override). */
  allowed?: (record: R) => boolean;
  testId?: string;
}

export interface RowActionsProps<R> {
  record: R;
  actions: readonly RowAction<R>[];
  /** Shown after the actions. */
  extra?: ReactNode;
}

/**
 * Whether a row offers an action: the action's `allowed` when given; otherwise, when the row
 * carries `abilities` (the server's verdict), only an ability that is true; otherwise yes.
 */
export function rowAllows<R>(record: R, a: Pick<RowAction<R>, 'key' | 'ability' | 'allowed'>): boolean {
  if (a.allowed) return a.allowed(record);
  const abilities = (record as { abilities?: unknown } | null)?.abilities;
  if (a.ability === false || !abilities || typeof abilities !== 'object') return true;
  return (abilities as Record<string, unknown>)[a.ability ?? a.key] === true;
}

/** The action links of a table row, filtered by the row's abilities, confirmations where asked. */
export function RowActions<R>({ record, actions, extra }: RowActionsProps<R>) {
  const { t } = useTranslation();
  const items = actions.filter((a) => rowAllows(record, a));
  return (
    <Space size={0}>
      {items.map((a) => {
        const testId = a.testId ?? `crud-row-${a.key}`;
        if (!a.confirm)
          return (
            <Button key={a.key} type="link" size="small" danger={a.danger} data-testid={testId} onClick={() => void a.run(record)}>
              {a.label}
            </Button>
          );
        return (
          <Popconfirm
            key={a.key}
            title={a.confirmTitle ? a.confirmTitle(record) : t('common.confirmTitle', { action: a.label })}
            description={typeof a.confirm === 'string' ? a.confirm : undefined}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: !!a.danger, 'data-testid': 'crud-popconfirm-ok' }}
            onConfirm={() => Promise.resolve(a.run(record)).catch(() => undefined)}
          >
            <Button type="link" size="small" danger={a.danger} data-testid={testId}>
              {a.label}
            </Button>
          </Popconfirm>
        );
      })}
      {extra}
    </Space>
  );
}
