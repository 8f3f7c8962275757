import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Spin, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useState } from 'react';
import { CERTIFICATE_NUMBER_PATTERN } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { verifyCertificate } from '../api';
import { CertificateStatusTag, day } from '../certificate-meta';

/** Public page: `/certificate/verify` (a number input) and `/certificate/verify/:number` (the result). */
export default function VerifyCertificatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { number: param } = useParams();
  const number = (param ?? '').trim().toUpperCase();
  const [input, setInput] = useState(number);
  const valid = CERTIFICATE_NUMBER_PATTERN.test(number);
  const q = useQuery({ queryKey: ['certificate', 'verify', number], queryFn: () => verifyCertificate({ number }), enabled: valid, retry: false });
  const go = () => {
    const n = input.trim().toUpperCase();
    if (n) void navigate(`/certificate/verify/${encodeURIComponent(n)}`);
  };
  const notFound = (q.error instanceof ApiError && q.error.name === 'NOT_FOUND_ERROR') || (!!number && !valid);
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5', padding: '32px 12px' }}>
      <Card style={{ maxWidth: 640, margin: '0 auto' }} data-testid="certificate-verify-page">
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space>
            <SafetyCertificateOutlined style={{ fontSize: 28, color: '#1677ff' }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('certificate.verifyTitle')}
            </Typography.Title>
          </Space>
          <Typography.Text type="secondary">{t('certificate.verifyHint')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onPressEnter={go}
              placeholder="HL-2026-000123"
              maxLength={32}
              data-testid="certificate-verify-input"
            />
            <Button type="primary" onClick={go} data-testid="certificate-verify-submit">
              {t('certificate.verify')}
            </Button>
          </Space.Compact>
          {valid && q.isLoading && <Spin />}
          {notFound && <Result status="warning" title={t('certificate.notFound')} data-testid="certificate-verify-not-found" />}
          {q.error && !notFound && <Alert type="error" message={(q.error as Error).message} />}
          {q.data && (
            <Descriptions bordered column={1} size="small" data-testid="certificate-verify-result">
              <Descriptions.Item label={t('common.status')}>
                <CertificateStatusTag status={q.data.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('certificate.number')}>{q.data.number}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.holder')}>{q.data.holder}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.name')}>{q.data.templateName}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.source')}>{q.data.title}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.authority')}>{q.data.authority}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.issuedAt')}>{day(q.data.issuedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.expiresAt')}>{q.data.expiresAt ? day(q.data.expiresAt) : t('certificate.permanent')}</Descriptions.Item>
            </Descriptions>
          )}
        </Space>
      </Card>
    </div>
  );
}
