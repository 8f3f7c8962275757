import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Spin, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useState } from 'react';
import { certificateNumberCheck, normalizeCertificateNumber } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { verifyCertificate } from '../api';
import { CertificateSourceTag, CertificateStatusTag, day } from '../certificate-meta';

/** Public page: `/certificate/verify` (a number input) and `/certificate/verify/:number` (the result). */
export default function VerifyCertificatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { number: param } = useParams();
  const number = normalizeCertificateNumber(param ?? '');
  const [input, setInput] = useState(number);
  // A mistyped character is caught by the check character here, before any lookup.
  const check = certificateNumberCheck(number);
  const valid = check === 'valid';
  const q = useQuery({ queryKey: ['certificate', 'verify', number], queryFn: () => verifyCertificate({ number }), enabled: valid, retry: false });
  const go = () => {
    const n = normalizeCertificateNumber(input);
    if (n) void navigate(`/certificate/verify/${encodeURIComponent(n)}`);
  };
  const typo = !!number && check === 'typo';
  const notFound = (q.error instanceof ApiError && q.error.name === 'NOT_FOUND_ERROR') || (!!number && check === 'invalid');
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
              placeholder="HL-2026-7KQ4-MX9T-R2HC"
              maxLength={32}
              data-testid="certificate-verify-input"
            />
            <Button type="primary" onClick={go} data-testid="certificate-verify-submit">
              {t('certificate.verify')}
            </Button>
          </Space.Compact>
          {valid && q.isLoading && <Spin />}
          {typo && <Result status="warning" title={t('certificate.typo')} data-testid="certificate-verify-typo" />}
          {notFound && <Result status="warning" title={t('certificate.notFound')} data-testid="certificate-verify-not-found" />}
          {q.error && !notFound && <Alert type="error" message={q.error.message} />}
          {q.data && (
            <Descriptions bordered column={1} size="small" data-testid="certificate-verify-result">
              <Descriptions.Item label={t('common.status')}>
                <CertificateStatusTag status={q.data.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('certificate.number')}>{q.data.number}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.holder')}>{q.data.holder}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.name')}>{q.data.templateName}</Descriptions.Item>
              <Descriptions.Item label={t('certificate.source')}>
                <CertificateSourceTag kind={q.data.sourceKind} />
                {q.data.title}
              </Descriptions.Item>
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
