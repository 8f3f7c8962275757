import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { REGISTRATION_KINDS, REGISTRATION_LIFECYCLE, RegistrationRefuseSchema, type RegistrationStatus } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { errorText } from '../../../platform/api/beyond';
import { refuseRegistrations } from '../api';
import { useFeedback } from '../../../platform/feedback';

export const STATUS_OPTIONS = lifecycleOptions(REGISTRATION_LIFECYCLE);
export const KIND_OPTIONS = REGISTRATION_KINDS.map((v) => ({ value: v, labelKey: `registration.kind_${v}` }));

export function RegistrationStatusTag({ status }: { status: RegistrationStatus }) {
  return <LifecycleTag lifecycle={REGISTRATION_LIFECYCLE} state={status} testId={`registration-status-${status}`} />;
}

/** Refusal needs a reason, by the server's `RegistrationRefuseSchema`. */
export function RefuseDialog({ ids, onClose }: { ids: number[] | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const f = useSchemaForm(RegistrationRefuseSchema);
  const refuse = useMutation({
    mutationFn: refuseRegistrations,
    onSuccess: () => {
      message.success(t('common.done'));
      f.form.resetFields();
      onClose(true);
    },
    onError: (e) => {
      if (!f.showError(e, { report: false })) message.error(errorText(e));
    },
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
        const body = await f.read({ ids: ids ?? [] });
        if (body) refuse.mutate(body);
      }}
      onCancel={() => onClose(false)}
    >
      <Form form={f.form} layout="vertical">
        <Form.Item {...f.item('reason')} label={t('registration.reason')}>
          <Input.TextArea rows={4} maxLength={f.maxLength('reason')} showCount data-testid="registration-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
