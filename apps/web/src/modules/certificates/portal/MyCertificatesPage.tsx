import { Card, Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { Link } from 'react-router';
import { findMyCertificates } from '../api';
import { CertificateSourceTag, CertificateStatusTag, day } from '../certificate-meta';
import { MyCertificateDownload } from '../components/MyCertificateDownload';

/** Student center "my certificates": every certificate issued to me (for a course, an exam or a training class), expired ones tagged, PDF download. */
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
            action={<MyCertificateDownload id={c.id} />}
          >
            <Space wrap size={6}>
              <Typography.Text strong>{c.templateName}</Typography.Text>
              <CertificateStatusTag status={c.status} />
            </Space>
            <div>
              <CertificateSourceTag kind={c.sourceKind} />
              <span data-testid="my-certificate-source">{c.sourceTitle}</span>
            </div>
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
