import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Spin, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LicenceSaveSchema } from '@hanlin/shared';
import { rulesFor } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { formatTime } from '../../../platform/format';
import { getLicence, saveLicence } from '../api';
import { showSaveError } from '../../../platform/forms/server-errors';
import { useFeedback } from '../../../platform/feedback';

/**
 * Licence (`license-set`, code xkz): what the installed licence grants (online users, expiry,
 * serial number, customer) and a box to install a new one. The limits come only from the vendor's
 * signed document: the platform verifies its signature, so nobody edits them here.
 */
export default function LicencePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ licence: string }>();
  const canModify = useCan('xkz:modify');
  const query = useQuery({ queryKey: ['settings', 'licence'], queryFn: getLicence });

  const save = useMutation({
    mutationFn: saveLicence,
    onSuccess: (data) => {
      message.success(t('common.saved'));
      qc.setQueryData(['settings', 'licence'], data);
      form.resetFields();
    },
    onError: (err) => showSaveError(form, err, { fields: ['licence'] }),
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) save.mutate({ licence: v.licence.trim() });
  };

  const data = query.data;
  const expired = !!data?.expiresAt && dayjs(data.expiresAt).isBefore(dayjs());
  return (
    <Card title={t('perm.xkz')} data-testid="licence-page">
      {query.isLoading || !data ? (
        <Spin />
      ) : (
        <>
          {data.state === 'invalid' ? (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('settings.licence.invalid')} data-testid="licence-invalid" />
          ) : null}
          {data.state === 'none' ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('settings.licence.none')} data-testid="licence-none" /> : null}
          <Row gutter={24} style={{ marginBottom: 24 }}>
            <Col>
              <Statistic title={t('settings.licence.onlineNow')} value={data.onlineNow} data-testid="licence-online-now" />
            </Col>
            <Col>
              <Statistic title={t('settings.licence.maxOnline')} value={data.maxOnline ?? t('settings.licence.unlimited')} data-testid="licence-max-online" />
            </Col>
            <Col>
              <Statistic title={t('settings.licence.expiresAt')} value={data.expiresAt ? formatTime(data.expiresAt) : t('settings.licence.never')} />
              {expired ? (
                <Tag color="red" data-testid="licence-expired">
                  {t('settings.licence.expired')}
                </Tag>
              ) : null}
            </Col>
          </Row>
          {data.state === 'valid' ? (
            <Descriptions column={1} size="small" style={{ marginBottom: 24, maxWidth: 640 }}>
              <Descriptions.Item label={t('settings.licence.serialNumber')}>
                <span data-testid="licence-serial">{data.serialNumber}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('settings.licence.customer')}>{data.customer}</Descriptions.Item>
              <Descriptions.Item label={t('settings.licence.issuedAt')}>{data.issuedAt ? formatTime(data.issuedAt) : ''}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {canModify ? (
            <Form form={form} layout="vertical" style={{ maxWidth: 640 }} data-testid="licence-form">
              <Form.Item name="licence" label={t('settings.licence.install')} extra={t('settings.licence.installHint')} rules={rulesFor(LicenceSaveSchema, 'licence', t)}>
                <Input.TextArea rows={4} data-testid="licence-document" />
              </Form.Item>
              <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="licence-submit">
                {t('common.save')}
              </Button>
            </Form>
          ) : null}
        </>
      )}
    </Card>
  );
}
