import { Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CertificateRef } from '@hanlin/shared';
import { CertificateStatusTag } from '../certificate-meta';
import { MyCertificateDownload } from './MyCertificateDownload';

/**
 * A certificate I hold, as another page shows it (my training, a class detail): its number, leading to my
 * certificate center, its status, and the PDF download.
 */
export function MyCertificateLink({ certificate, testId = 'my-certificate-link' }: { certificate: CertificateRef; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={6} data-testid={testId}>
      <SafetyCertificateOutlined style={{ color: '#d4a017' }} />
      <Typography.Text>{t('certificate.mine')}:</Typography.Text>
      <Link to="/student-center/certificates" data-testid={`${testId}-number`}>
        {certificate.number}
      </Link>
      <CertificateStatusTag status={certificate.status} />
      <MyCertificateDownload id={certificate.id} size="small" testId={`${testId}-download`} />
    </Space>
  );
}
