import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/api/client';
import { reportError } from '../../../platform/api/errors';
import { useCan } from '../../../platform/permission';
import { getLdapSettings, getLdapSyncStatus, syncLdap } from '../api';
import { useFeedback } from '../../../platform/feedback';
import { LdapSettingsCard } from './LdapSettingsCard';
import { LdapStateAlert, LdapSyncReportView, type LdapState } from './LdapSyncReport';

/** Refusals of the sync call that describe the directory's state rather than a failure. */
const STATE_CODES = ['LDAP_NOT_CONFIGURED', 'LDAP_DISABLED', 'LDAP_SYNCHRONIZING'];

/** LDAP settings and synchronization (`ldap-set`, code ldap). */
export default function LdapPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const canSync = useCan('ldap:import');
  const [syncRefusal, setSyncRefusal] = useState<ApiError | null>(null);

  const settings = useQuery({ queryKey: ['ldap', 'settings'], queryFn: getLdapSettings });
  const sync = useMutation({
    mutationFn: syncLdap,
    onMutate: () => setSyncRefusal(null),
    onSuccess: (report) => {
      message.success(t('ldap.syncDone'));
      qc.setQueryData(['ldap', 'status'], { running: false, lastSync: report });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        setSyncRefusal(err);
        if (!STATE_CODES.includes(err.name)) reportError(err);
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['ldap', 'status'] }),
  });
  const status = useQuery({
    queryKey: ['ldap', 'status'],
    queryFn: getLdapSyncStatus,
    // Poll while a synchronization runs (this tab's or another administrator's).
    refetchInterval: (q) => (sync.isPending || q.state.data?.running ? 2000 : false),
  });

  const view = settings.data;
  const running = sync.isPending || !!status.data?.running;
  let state: LdapState = 'ready';
  if (running || syncRefusal?.name === 'LDAP_SYNCHRONIZING') state = 'synchronizing';
  else if (!view?.configured || syncRefusal?.name === 'LDAP_NOT_CONFIGURED') state = 'notConfigured';
  else if (!view.enabled || syncRefusal?.name === 'LDAP_DISABLED') state = 'disabled';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="ldap-page">
      {settings.isLoading || !view ? (
        <Card title={t('perm.ldap')}>
          <Spin />
        </Card>
      ) : (
        <LdapSettingsCard view={view} stateAlert={<LdapStateAlert state={state} />} onSaved={() => setSyncRefusal(null)} />
      )}
      <Card
        title={t('ldap.syncTitle')}
        data-testid="ldap-sync"
        extra={
          canSync ? (
            <Button type="primary" loading={running} disabled={running} onClick={() => sync.mutate()} data-testid="ldap-sync-run">
              {running ? t('ldap.synchronizing') : t('ldap.sync')}
            </Button>
          ) : null
        }
      >
        {syncRefusal && !STATE_CODES.includes(syncRefusal.name) ? (
          <Alert type="error" showIcon title={t('ldap.syncFailed')} description={syncRefusal.text} style={{ marginBottom: 16 }} data-testid="ldap-sync-error" />
        ) : null}
        {running ? (
          <Space style={{ marginBottom: 16 }} data-testid="ldap-sync-running">
            <Spin />
            <span>{t('ldap.synchronizingHint')}</span>
          </Space>
        ) : null}
        {status.data?.lastSync ? (
          <>
            <Typography.Title level={5}>{t('ldap.lastSync')}</Typography.Title>
            <LdapSyncReportView report={status.data.lastSync} />
          </>
        ) : status.isLoading ? (
          <Spin />
        ) : (
          <Typography.Text type="secondary" data-testid="ldap-never-synced">
            {t('ldap.neverSynced')}
          </Typography.Text>
        )}
      </Card>
    </Space>
  );
}
