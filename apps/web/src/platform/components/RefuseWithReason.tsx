import { useState, type ReactNode } from 'react';
import { Button, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback';

export interface RefuseWithReasonOptions<R> {
  /** Prefix of the texts (`<prefix>.refuse`, `<prefix>.refuseReason`) and test ids (`<prefix>-refuse`, `<prefix>-refuse-reason`). */
  prefix: string;
  /** The dialog's title for the record refused. */
  title: (record: R) => string;
  /** Longest reason the server takes. */
  maxLength: number;
  refuse: (input: { ids: number[]; reason: string }) => Promise<unknown>;
  /** Query root of the list, refreshed after a refusal. */
  queryKey: string;
}

/**
 * Refusing one record of an approval list with a reason: `rowAction(r)` is the row's refuse link (when the
 * record's abilities allow it), `dialog` the reason dialog to place on the page.
 */
export function useRefuseWithReason<R extends { id: number; abilities: { refuse: boolean } }>(
  o: RefuseWithReasonOptions<R>,
): {
  rowAction: (record: R) => ReactNode;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<R | null>(null);
  const [reason, setReason] = useState('');
  const rowAction = (r: R) =>
    r.abilities.refuse ? (
      <Button size="small" type="link" danger data-testid={`${o.prefix}-refuse`} onClick={() => setRefusing(r)}>
        {t(`${o.prefix}.refuse`)}
      </Button>
    ) : null;
  const dialog = (
    <Modal
      open={!!refusing}
      title={refusing ? o.title(refusing) : ''}
      okButtonProps={{ disabled: !reason.trim(), danger: true }}
      onCancel={() => setRefusing(null)}
      destroyOnHidden
      onOk={async () => {
        if (!refusing) return;
        await o.refuse({ ids: [refusing.id], reason: reason.trim() });
        void message.success(t('common.done'));
        setRefusing(null);
        setReason('');
        await queryClient.invalidateQueries({ queryKey: [o.queryKey] });
      }}
    >
      <Input.TextArea
        value={reason}
        maxLength={o.maxLength}
        showCount
        placeholder={t(`${o.prefix}.refuseReason`)}
        onChange={(e) => setReason(e.target.value)}
        data-testid={`${o.prefix}-refuse-reason`}
      />
    </Modal>
  );
  return { rowAction, dialog };
}
