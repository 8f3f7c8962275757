import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback';

export interface BatchAction {
  key: string;
  /** Translated button text. */
  label: string;
  danger?: boolean;
  /** Translated confirmation text; default "n records". */
  confirm?: string;
  /** Runs on the selection after the confirmation; a refusal was reported by the call. */
  run: () => Promise<unknown>;
  /** Translated reason the selection cannot take this action (some rows' abilities refuse it): the button is disabled and says why. */
  blocked?: string;
}

export interface BatchToolbarProps {
  /** How many rows are selected: the buttons are disabled without any. */
  selectedCount: number;
  actions: readonly BatchAction[];
  /** Before the batch buttons (add). */
  leading?: ReactNode;
  /** After the batch buttons (import/export dialogs, page-specific controls). */
  children?: ReactNode;
}

/** Buttons acting on the selected rows, each asking first; the selection count after them. */
export function BatchToolbar({ selectedCount, actions, leading, children }: BatchToolbarProps) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const ask = (a: BatchAction) =>
    modal.confirm({
      title: t('common.confirmTitle', { action: a.label }),
      content: a.confirm ?? t('common.confirmCount', { n: selectedCount }),
      okButtonProps: { danger: !!a.danger, 'data-testid': 'crud-confirm-ok' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      // A refusal is reported by the client (or the page); the dialog just closes.
      onOk: () => a.run().catch(() => undefined),
    });
  return (
    <Space style={{ marginBottom: 16 }} wrap data-testid="crud-toolbar">
      {leading}
      {actions.map((a) => {
        const button = (
          <Button key={a.key} danger={a.danger} disabled={!selectedCount || !!a.blocked} data-testid={`crud-batch-${a.key}`} onClick={() => ask(a)}>
            {a.label}
          </Button>
        );
        return a.blocked ? (
          <Tooltip key={a.key} title={a.blocked}>
            <span data-testid={`crud-batch-${a.key}-blocked`}>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {children}
      {selectedCount ? <span data-testid="crud-selected-count">{t('common.selectedCount', { n: selectedCount })}</span> : null}
    </Space>
  );
}
