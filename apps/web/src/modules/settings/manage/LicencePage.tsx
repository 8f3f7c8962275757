import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Spin, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LicenceSaveSchema, licenceValid, type LicenceState } from '@hanlin/shared';
import { useCan } from '../../../platform/permission';
import { formatTime } from '../../../platform/format';
import { getLicence, saveLicence } from '../api';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { useFormPage } from '../../../platform/kernel';

/** The notice above the figures for a licence that is missing or does not verify. */
const STATE_ALERTS: Partial<Record<LicenceState, { type: 'error' | 'info'; key: string; testId: string }>> = {
  invalid: { type: 'error', key: 'settings.licence.invalid', testId: 'licence-invalid' },
  none: { type: 'info', key: 'settings.licence.none', testId: 'licence-none' },
};

/**
 * Licence (`license-set`, code xkz): what the installed licence grants (online users, expiry,
 * serial number, customer) and a box to install a new one. The limits come only from the vendor's
 * signed document: the platform verifies its signature, so nobody edits them here.
 */
export default function LicencePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const here = useLocation();
  const f = useSchemaForm(LicenceSaveSchema);
  const canModify = useCan('xkz:modify');
  const query = useQuery({ queryKey: ['settings', 'licence'], queryFn: getLicence });
  // A pasted document not yet installed asks before the page is left; an installed one empties the box, the page stays.
  const page = useFormPage({ form: f.form, title: undefined });

  const submit = async () => {
    const body = await f.read();
    if (!body) return;
    await page.save(
      async () => {
        qc.setQueryData(['settings', 'licence'], await saveLicence(body));
        f.form.resetFields();
        return here.pathname + here.search;
      },
      (err) => f.showError(err),
    );
  };

  const data = query.data;
  const alert = data && STATE_ALERTS[data.state];
  return (
    <Card title={t('perm.xkz')} data-testid="licence-page">
      {query.isLoading || !data ? (
        <Spin />
      ) : (
        <>
          {alert ? <Alert type={alert.type} showIcon style={{ marginBottom: 16 }} title={t(alert.key)} data-testid={alert.testId} /> : null}
          <Row gutter={24} style={{ marginBottom: 24 }}>
            <Col>
              <Statistic title={t('settings.licence.onlineNow')} value={data.onlineNow} data-testid="licence-online-now" />
            </Col>
            <Col>
              <Statistic title={t('settings.licence.maxOnline')} value={data.maxOnline ?? t('settings.licence.unlimited')} data-testid="licence-max-online" />
            </Col>
            <Col>
              <Statistic title={t('settings.licence.expiresAt')} value={data.expiresAt ? formatTime(data.expiresAt) : t('settings.licence.never')} />
              {data.expired ? (
                <Tag color="red" data-testid="licence-expired">
                  {t('settings.licence.expired')}
                </Tag>
              ) : null}
            </Col>
          </Row>
          {licenceValid(data) ? (
            <Descriptions column={1} size="small" style={{ marginBottom: 24, maxWidth: 640 }}>
              <Descriptions.Item label={t('settings.licence.serialNumber')}>
                <span data-testid="licence-serial">{data.serialNumber}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('settings.licence.customer')}>{data.customer}</Descriptions.Item>
              <Descriptions.Item label={t('settings.licence.issuedAt')}>{data.issuedAt ? formatTime(data.issuedAt) : ''}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {canModify ? (
            <Form form={f.form} layout="vertical" style={{ maxWidth: 640 }} data-testid="licence-form">
              <Form.Item {...f.item('licence')} label={t('settings.licence.install')} extra={t('settings.licence.installHint')}>
                <Input.TextArea rows={4} data-testid="licence-document" />
              </Form.Item>
              <Button type="primary" loading={page.saving} onClick={() => void submit()} data-testid="licence-submit">
                {t('common.save')}
              </Button>
            </Form>
          ) : null}
        </>
      )}
    </Card>
  );
}
