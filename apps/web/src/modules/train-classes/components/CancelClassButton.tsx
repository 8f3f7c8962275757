import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRAIN_CLASS_CANCEL_REASON_MAX } from '@hanlin/shared';
import { cancelTrainClass } from '../api';

/** Cancels a class after asking for the reason (its admitted people are told it). */
export function CancelClassButton({ id, onDone }: { id: number; onDone?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: () => cancelTrainClass({ id, reason: reason.trim() }),
    onSuccess: async () => {
      setOpen(false);
      await qc.invalidateQueries({ queryKey: ['trainClass'] });
      onDone?.();
    },
  });
  return (
    <>
      <Button type="link" danger onClick={() => setOpen(true)} data-testid="train-class-cancel">
        {t('trainClasses.cancel')}
      </Button>
      <Modal
        open={open}
        title={t('trainClasses.cancelTitle')}
        okText={t('trainClasses.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: run.isPending, 'data-testid': 'train-class-cancel-ok' }}
        onOk={() => run.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={TRAIN_CLASS_CANCEL_REASON_MAX}
          showCount
          value={reason}
          placeholder={t('trainClasses.cancelReason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="train-class-cancel-reason"
        />
      </Modal>
    </>
  );
}
