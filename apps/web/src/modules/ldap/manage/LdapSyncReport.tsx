import { Alert, Col, Descriptions, Row, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LdapSyncError, LdapSyncReport } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';

export type LdapState = 'notConfigured' | 'disabled' | 'synchronizing' | 'ready';

/** Whether the directory can be synchronized, and what to do when not. */
export function LdapStateAlert({ state }: { state: LdapState }) {
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

/** The figures and refused entries of one synchronization. */
export function LdapSyncReportView({ report }: { report: LdapSyncReport }) {
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
