import type { ReactNode } from 'react';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback';

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
  /**
   * How many actions show as links (default 2); when there are more, the first `visible - 1`
   * show and the rest go under "more", so the actions column stays narrow.
   */
  visible?: number;
}

/**
 * Whether a row offers an action: the action's `allowed` when given; otherwise, when the row
 * carries `abilities` (the server's verdict), only an ability that is true; otherwise yes.
 */
export function rowAllows<R>(record: R, a: Pick<RowAction<R>, 'key' | 'ability' | 'allowed'>): boolean {
  if (a.allowed) return a.allowed(record);
  const abilities: unknown = typeof record === 'object' && record !== null && 'abilities' in record ? record.abilities : undefined;
  if (a.ability === false || !abilities || typeof abilities !== 'object') return true;
  return Reflect.get(abilities, a.ability ?? a.key) === true;
}

/** The action links of a table row, filtered by the row's abilities, confirmations where asked; beyond `visible` a "more" menu. */
export function RowActions<R>({ record, actions, extra, visible = 2 }: RowActionsProps<R>) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const items = actions.filter((a) => rowAllows(record, a));
  const shown = items.length > visible ? items.slice(0, Math.max(visible - 1, 0)) : items;
  const rest = items.slice(shown.length);
  const confirmThen = (a: RowAction<R>) =>
    modal.confirm({
      title: a.confirmTitle ? a.confirmTitle(record) : t('common.confirmTitle', { action: a.label }),
      content: typeof a.confirm === 'string' ? a.confirm : undefined,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: !!a.danger, 'data-testid': 'crud-popconfirm-ok' },
      onOk: () => Promise.resolve(a.run(record)).catch(() => undefined),
    });
  return (
    <Space size={0} wrap={false}>
      {shown.map((a) => {
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
      {rest.length ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({ key: a.key, danger: a.danger, label: <span data-testid={a.testId ?? `crud-row-${a.key}`}>{a.label}</span> })),
            onClick: ({ key }) => {
              const a = rest.find((x) => x.key === key);
              if (!a) return;
              if (a.confirm) confirmThen(a);
              else void a.run(record);
            },
          }}
        >
          <Button type="link" size="small" data-testid="crud-row-more">
            {t('common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
      {extra}
    </Space>
  );
}
