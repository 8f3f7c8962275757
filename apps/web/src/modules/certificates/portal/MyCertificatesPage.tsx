import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CertificateMine } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { downloadMyCertificate, findMyCertificates } from '../api';
import { CertificateStatusTag, day } from '../certificate-meta';

const SIZE = 10;

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
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['certificate', 'mine', page], queryFn: () => findMyCertificates({ page, size: SIZE }) });
  return (
    <Card title={t('center.certificates')} data-testid="my-certificates-page" styles={{ body: { padding: 12 } }}>
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.records.length ? (
        <Empty description={t('certificate.noneYet')} />
      ) : (
        <>
          <List
            dataSource={q.data.records}
            rowKey="id"
            renderItem={(c) => (
              <List.Item data-testid="my-certificate-item" style={{ flexWrap: 'wrap', gap: 12 }}>
                <Space align="start" style={{ flex: '1 1 240px', minWidth: 0 }}>
                  {c.thumbnailUrl ? (
                    <img src={c.thumbnailUrl} alt="" style={{ width: 72, height: 50, objectFit: 'cover', borderRadius: 4 }} />
                  ) : (
                    <SafetyCertificateOutlined style={{ fontSize: 40, color: '#d4a017' }} />
                  )}
                  <div style={{ minWidth: 0 }}>
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
                  </div>
                </Space>
                <DownloadButton c={c} />
              </List.Item>
            )}
          />
          {q.data.total > SIZE && <Pagination size="small" current={page} pageSize={SIZE} total={q.data.total} onChange={setPage} style={{ marginTop: 12 }} />}
        </>
      )}
    </Card>
  );
}
