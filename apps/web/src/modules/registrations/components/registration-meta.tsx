import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { REGISTRATION_KINDS, REGISTRATION_LIFECYCLE, RegistrationRefuseSchema, type RegistrationStatus } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { rulesFor } from '../../../platform/kernel';
import { errorText } from '../../users/components/beyond';
import { refuseRegistrations } from '../api';
import { useFeedback } from '../../../platform/feedback';

export const STATUS_OPTIONS = lifecycleOptions(REGISTRATION_LIFECYCLE);
export const KIND_OPTIONS = REGISTRATION_KINDS.map((v) => ({ value: v, labelKey: `registration.kind_${v}` }));

export function RegistrationStatusTag({ status }: { status: RegistrationStatus }) {
  return <LifecycleTag lifecycle={REGISTRATION_LIFECYCLE} state={status} testId={`registration-status-${status}`} />;
}

/** Refusal needs a reason (1–200 characters), the same rule as the server. */
export function RefuseDialog({ ids, onClose }: { ids: number[] | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [, force] = useState(0);
  const refuse = useMutation({
    mutationFn: (reason: string) => refuseRegistrations({ ids: ids!, reason }),
    onSuccess: () => {
      message.success(t('common.done'));
      form.resetFields();
      onClose(true);
    },
    onError: (e) => message.error(errorText(e)),
  });
  return (
    <Modal
      open={!!ids}
      destroyOnHidden
      title={t('registration.refuseTitle', { n: ids?.length ?? 0 })}
      okText={t('registration.refuse')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: refuse.isPending, 'data-testid': 'registration-refuse-ok' }}
      onOk={async () => {
        const v = (await form.validateFields().catch(() => null)) as { reason?: string } | null;
        if (v?.reason) refuse.mutate(v.reason.trim());
        else force((n) => n + 1);
      }}
      onCancel={() => onClose(false)}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('registration.reason')} required rules={rulesFor(RegistrationRefuseSchema, 'reason', t)}>
          <Input.TextArea rows={4} maxLength={200} showCount data-testid="registration-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
