import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, ConfigProvider, DatePicker, Form, Input, InputNumber, Row, Space, Spin, Statistic, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LicenceSaveSchema, type LicenceView } from '@hanlin/shared';
import { rulesFor } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { formatTime } from '../../../platform/format';
import { getLicence, saveLicence } from '../api';
import { showSaveError } from '../../../platform/forms/server-errors';
import { useFeedback } from '../../../platform/feedback';

/** Every field may be empty in the form; the body sends null for "no limit". */
const FormSchema = LicenceSaveSchema.partial();

interface FormValues {
  unlimited: boolean;
  maxOnline?: number | null;
  expiresAt?: Dayjs | null;
  serialNumber?: string;
}

function toForm(v: LicenceView): FormValues {
  return {
    unlimited: v.maxOnline === null,
    maxOnline: v.maxOnline,
    expiresAt: v.expiresAt ? dayjs(v.expiresAt) : null,
    serialNumber: v.serialNumber ?? '',
  };
}

/** Licence (`license-set`, code xkz): online-user limit or unlimited, expiry, serial number. */
export default function LicencePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const canModify = useCan('xkz:modify');
  const query = useQuery({ queryKey: ['settings', 'licence'], queryFn: getLicence });
  const unlimited = Form.useWatch('unlimited', form);

  useEffect(() => {
    if (query.data) form.setFieldsValue(toForm(query.data));
  }, [form, query.data]);

  const save = useMutation({
    mutationFn: saveLicence,
    onSuccess: (data) => {
      message.success(t('common.saved'));
      qc.setQueryData(['settings', 'licence'], data);
    },
    onError: (err) => showSaveError(form, err, { fields: ['maxOnline', 'expiresAt', 'serialNumber'] }),
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = LicenceSaveSchema.safeParse({
      maxOnline: v.unlimited ? null : (v.maxOnline ?? null),
      expiresAt: v.expiresAt ? v.expiresAt.toISOString() : null,
      serialNumber: v.serialNumber?.trim() ? v.serialNumber.trim() : null,
    });
    if (body.success) save.mutate(body.data);
  };

  const data = query.data;
  const expired = !!data?.expiresAt && dayjs(data.expiresAt).isBefore(dayjs());
  return (
    <Card title={t('perm.xkz')} data-testid="licence-page">
      {query.isLoading || !data ? (
        <Spin />
      ) : (
        <>
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
          <ConfigProvider componentDisabled={!canModify}>
            <Form form={form} layout="vertical" style={{ maxWidth: 640 }} data-testid="licence-form" initialValues={toForm(data)}>
              <Form.Item name="unlimited" valuePropName="checked">
                <Checkbox data-testid="licence-unlimited">{t('settings.licence.unlimited')}</Checkbox>
              </Form.Item>
              <Form.Item
                name="maxOnline"
                label={t('settings.licence.maxOnline')}
                required={!unlimited}
                rules={unlimited ? [] : [{ required: true, message: t('validation.required') }, ...rulesFor(FormSchema, 'maxOnline', t)]}
              >
                <InputNumber style={{ width: '100%' }} disabled={!!unlimited} data-testid="licence-maxOnline" />
              </Form.Item>
              <Form.Item name="expiresAt" label={t('settings.licence.expiresAt')} extra={t('settings.licence.expiresAtHint')}>
                <DatePicker showTime style={{ width: '100%' }} data-testid="licence-expiresAt" />
              </Form.Item>
              <Form.Item name="serialNumber" label={t('settings.licence.serialNumber')} rules={rulesFor(FormSchema, 'serialNumber', t)}>
                <Input maxLength={100} showCount data-testid="licence-serialNumber" />
              </Form.Item>
            </Form>
          </ConfigProvider>
          {canModify ? (
            <Space>
              <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="licence-submit">
                {t('common.save')}
              </Button>
            </Space>
          ) : null}
        </>
      )}
    </Card>
  );
}
