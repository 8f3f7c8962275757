import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, ConfigProvider, Descriptions, Divider, Form, Input, Row, Space, Spin, Statistic, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LDAP_DEFAULT_MAPPING,
  LDAP_DEFAULT_ORG_FILTER,
  LDAP_DEFAULT_USER_FILTER,
  LdapMappingSchema,
  LdapSettingsSaveSchema,
  LdapTestSchema,
  type LdapMapping,
  type LdapSettingsView,
  type LdapSyncError,
  type LdapSyncReport,
} from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { reportError } from '../../../platform/api/errors';
import { rulesFor } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { useCan } from '../../../platform/permission';
import { showSaveError } from '../../../platform/forms/server-errors';
import { getLdapSettings, getLdapSyncStatus, saveLdapSettings, syncLdap, testLdap } from '../api';
import { useFeedback } from '../../../platform/feedback';

const MAPPING_KEYS = Object.keys(LDAP_DEFAULT_MAPPING) as (keyof LdapMapping)[];
const FIELDS = ['enabled', 'url', 'bindDn', 'bindPassword', 'baseDn', 'userFilter', 'orgFilter', ...MAPPING_KEYS.map((k) => `mapping.${k}`)];
/** Refusals of the sync call that describe the directory's state rather than a failure. */
const STATE_CODES = ['LDAP_NOT_CONFIGURED', 'LDAP_DISABLED', 'LDAP_SYNCHRONIZING'];

interface FormValues {
  enabled: boolean;
  url: string;
  bindDn: string;
  bindPassword?: string;
  baseDn: string;
  userFilter: string;
  orgFilter: string;
  mapping: LdapMapping;
}

function toForm(v: LdapSettingsView): FormValues {
  return {
    enabled: v.enabled,
    url: v.url,
    bindDn: v.bindDn,
    bindPassword: '',
    baseDn: v.baseDn,
    userFilter: v.userFilter || LDAP_DEFAULT_USER_FILTER,
    orgFilter: v.orgFilter || LDAP_DEFAULT_ORG_FILTER,
    mapping: { ...LDAP_DEFAULT_MAPPING, ...v.mapping },
  };
}

type State = 'notConfigured' | 'disabled' | 'synchronizing' | 'ready';

function StateAlert({ state }: { state: State }) {
  const { t } = useTranslation();
  const type = state === 'ready' ? 'success' : state === 'synchronizing' ? 'info' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      icon={state === 'synchronizing' ? <Spin size="small" /> : undefined}
      title={t(`ldap.state.${state}`)}
      description={t(`ldap.state.${state}Hint`)}
      style={{ marginBottom: 16 }}
      data-testid={`ldap-state-${state}`}
    />
  );
}

function SyncReport({ report }: { report: LdapSyncReport }) {
  const { t } = useTranslation();
  const seconds = Math.max(0, Math.round((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000));
  return (
    <div data-testid="ldap-report">
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'start', label: t('ldap.report.startedAt'), children: formatTime(report.startedAt) },
          { key: 'end', label: t('ldap.report.finishedAt'), children: formatTime(report.finishedAt) },
          { key: 'dur', label: t('ldap.report.duration'), children: t('ldap.report.seconds', { n: seconds }) },
        ]}
      />
      <Row gutter={32} style={{ margin: '16px 0' }}>
        {(['orgsCreated', 'orgsUpdated', 'usersCreated', 'usersUpdated'] as const).map((k) => (
          <Col key={k}>
            <Statistic title={t(`ldap.report.${k}`)} value={report[k]} data-testid={`ldap-report-${k}`} />
          </Col>
        ))}
        <Col>
          <Statistic
            title={t('ldap.report.errorCount')}
            value={report.errorCount}
            styles={{ content: { color: report.errorCount ? '#cf1322' : undefined } }}
            data-testid="ldap-report-errorCount"
          />
        </Col>
      </Row>
      {report.errorCount > report.errors.length ? (
        <Typography.Paragraph type="secondary">{t('ldap.report.truncated', { shown: report.errors.length, total: report.errorCount })}</Typography.Paragraph>
      ) : null}
      {report.errors.length ? (
        <Table<LdapSyncError & { key: number }>
          size="small"
          data-testid="ldap-report-errors"
          dataSource={report.errors.map((e, i) => ({ ...e, key: i }))}
          pagination={{ pageSize: 10, showSizeChanger: true, showTotal: (n) => t('common.total', { n }) }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'dn', dataIndex: 'dn', title: t('ldap.report.dn') },
            { key: 'reason', dataIndex: 'reason', title: t('ldap.report.reason'), render: (_: unknown, e) => <Tag color="red">{t(`ldap.reason.${e.reason}`)}</Tag> },
            {
              key: 'field',
              dataIndex: 'field',
              title: t('ldap.report.field'),
              render: (_: unknown, e) => (e.field ? t(`ldap.mapping.${e.field}`, { defaultValue: e.field }) : ''),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

/** LDAP settings and synchronization (`ldap-set`, code ldap). */
export default function LdapPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const canModify = useCan('ldap:modify');
  const canSync = useCan('ldap:import');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
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

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data));
  }, [form, settings.data]);

  const save = useMutation({
    mutationFn: saveLdapSettings,
    onSuccess: (data) => {
      message.success(t('common.saved'));
      qc.setQueryData(['ldap', 'settings'], data);
      setSyncRefusal(null);
    },
    onError: (err) => showSaveError(form, err, { fields: FIELDS }),
  });

  const test = useMutation({
    mutationFn: testLdap,
    onMutate: () => setTestResult(null),
    onSuccess: () => setTestResult({ ok: true, text: t('ldap.testOk') }),
    onError: (err) => {
      if (err instanceof ApiError && err.name === 'PARAMETER_INVALID') showSaveError(form, err, { fields: FIELDS });
      else setTestResult({ ok: false, text: err instanceof ApiError ? err.text : String(err) });
    },
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = LdapSettingsSaveSchema.safeParse({ ...v, bindPassword: v.bindPassword || undefined });
    if (body.success) save.mutate(body.data);
    else form.setFields(body.error.issues.map((i) => ({ name: i.path.map(String) as never, errors: [t('validation.invalid')] })));
  };

  const runTest = async () => {
    const v = await form.validateFields(['url', 'bindDn', 'bindPassword']).catch(() => null);
    if (!v) return;
    const body = LdapTestSchema.safeParse({ url: v.url, bindDn: v.bindDn, bindPassword: v.bindPassword || undefined });
    if (body.success) test.mutate(body.data);
  };

  const view = settings.data;
  const running = sync.isPending || !!status.data?.running;
  let state: State = 'ready';
  if (running || syncRefusal?.name === 'LDAP_SYNCHRONIZING') state = 'synchronizing';
  else if (!view?.configured || syncRefusal?.name === 'LDAP_NOT_CONFIGURED') state = 'notConfigured';
  else if (!view.enabled || syncRefusal?.name === 'LDAP_DISABLED') state = 'disabled';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="ldap-page">
      <Card title={t('perm.ldap')}>
        {settings.isLoading || !view ? (
          <Spin />
        ) : (
          <>
            <StateAlert state={state} />
            <ConfigProvider componentDisabled={!canModify}>
              <Form form={form} layout="vertical" initialValues={toForm(view)} data-testid="ldap-form" style={{ maxWidth: 880 }}>
                <Form.Item name="enabled" label={t('ldap.enabled')}>
                  <Switch data-testid="ldap-enabled" />
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item name="url" label={t('ldap.url')} required rules={rulesFor(LdapSettingsSaveSchema, 'url', t)} extra={t('ldap.urlHint')}>
                      <Input placeholder="ldap://ldap.example.com:389" data-testid="ldap-url" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="baseDn" label={t('ldap.baseDn')} required rules={rulesFor(LdapSettingsSaveSchema, 'baseDn', t)}>
                      <Input placeholder="dc=example,dc=com" data-testid="ldap-baseDn" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="bindDn" label={t('ldap.bindDn')} required rules={rulesFor(LdapSettingsSaveSchema, 'bindDn', t)}>
                      <Input placeholder="cn=admin,dc=example,dc=com" data-testid="ldap-bindDn" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="bindPassword"
                      label={
                        <Space>
                          {t('ldap.bindPassword')}
                          <Tag color={view.passwordSet ? 'blue' : 'default'} data-testid="ldap-password-state">
                            {t(view.passwordSet ? 'ldap.passwordSet' : 'ldap.passwordNotSet')}
                          </Tag>
                        </Space>
                      }
                      required={!view.passwordSet}
                      rules={[...(view.passwordSet ? [] : [{ required: true, message: t('validation.required') }]), ...rulesFor(LdapSettingsSaveSchema, 'bindPassword', t)]}
                      extra={view.passwordSet ? t('ldap.passwordKeepHint') : undefined}
                    >
                      <Input.Password autoComplete="new-password" data-testid="ldap-bindPassword" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="userFilter" label={t('ldap.userFilter')} rules={rulesFor(LdapSettingsSaveSchema, 'userFilter', t)}>
                      <Input data-testid="ldap-userFilter" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="orgFilter" label={t('ldap.orgFilter')} rules={rulesFor(LdapSettingsSaveSchema, 'orgFilter', t)}>
                      <Input data-testid="ldap-orgFilter" />
                    </Form.Item>
                  </Col>
                </Row>
                <Divider titlePlacement="start">{t('ldap.mappingTitle')}</Divider>
                <Row gutter={16}>
                  {MAPPING_KEYS.map((k) => (
                    <Col xs={24} sm={12} md={6} key={k}>
                      <Form.Item name={['mapping', k]} label={t(`ldap.mapping.${k}`)} required rules={rulesFor(LdapMappingSchema, k, t)}>
                        <Input data-testid={`ldap-mapping-${k}`} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Form>
            </ConfigProvider>
            {testResult ? (
              <Alert
                type={testResult.ok ? 'success' : 'error'}
                showIcon
                title={testResult.text}
                style={{ marginBottom: 16 }}
                data-testid={`ldap-test-${testResult.ok ? 'ok' : 'failed'}`}
              />
            ) : null}
            {canModify ? (
              <Space>
                <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="ldap-submit">
                  {t('common.save')}
                </Button>
                <Button loading={test.isPending} onClick={() => void runTest()} data-testid="ldap-test">
                  {t('ldap.test')}
                </Button>
              </Space>
            ) : null}
          </>
        )}
      </Card>
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
            <SyncReport report={status.data.lastSync} />
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
