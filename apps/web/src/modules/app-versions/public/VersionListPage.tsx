import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../../platform/components/PublicShell';
import { findAppVersions, type AppVersion } from '../api';

/** Read-only list of app versions (public). */
export default function VersionListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, size: 10 });
  const q = useQuery({ queryKey: ['app-version', page], queryFn: () => findAppVersions(page) });
  return (
    <PublicShell titleKey="versions.title" width={900}>
      <Table<AppVersion>
        rowKey="id"
        data-testid="version-table"
        loading={q.isFetching}
        dataSource={q.data?.records ?? []}
        columns={[
          { key: 'version', dataIndex: 'version', title: t('versions.version') },
          { key: 'platform', dataIndex: 'platform', title: t('versions.platform') },
          { key: 'description', dataIndex: 'description', title: t('versions.description') },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('common.createdAt') },
          {
            key: 'url',
            title: t('common.actions'),
            render: (_, r) => (r.url ? <a href={r.url}>{t('versions.download')}</a> : null),
          },
        ]}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: q.data?.total ?? 0,
          onChange: (p, s) => setPage({ page: p, size: s }),
        }}
      />
      <Link to="/">{t('auth.backToLogin')}</Link>
    </PublicShell>
  );
}
