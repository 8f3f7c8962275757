import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { Link } from 'react-router';
import type { CertificateMine } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { downloadMyCertificate, findMyCertificates } from '../api';
import { CertificateStatusTag, day } from '../certificate-meta';

function DownloadButton({ c }: { c: CertificateMine }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="my-certificate-download"
      onClick={() => {
        setBusy(true);
        downloadMyCertificate({ id: c.id })
          .then(saveDownload)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('certificate.download')}
    </Button>
  );
}

/** Student center "my certificates": every certificate issued to me, expired ones tagged, PDF download. */
export default function MyCertificatesPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(['certificate', 'mine'], findMyCertificates);
  return (
    <Card title={t('center.certificates')} data-testid="my-certificates-page" styles={{ body: { padding: 12 } }}>
      <PagedList
        paged={paged}
        emptyText={t('certificate.noneYet')}
        renderItem={(c) => (
          <PagedListItem
            testId="my-certificate-item"
            cover={c.thumbnailUrl}
            icon={<SafetyCertificateOutlined style={{ fontSize: 40, color: '#d4a017' }} />}
            action={<DownloadButton c={c} />}
          >
            <Space wrap size={6}>
              <Typography.Text strong>{c.templateName}</Typography.Text>
              <CertificateStatusTag status={c.status} />
            </Space>
            <div>{c.sourceTitle}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('certificate.number')}: <Link to={`/certificate/verify/${c.number}`}>{c.number}</Link>
              <br />
              {c.authority} · {day(c.issuedAt)} – {c.expiresAt ? day(c.expiresAt) : t('certificate.permanent')}
            </Typography.Text>
          </PagedListItem>
        )}
      />
    </Card>
  );
}
