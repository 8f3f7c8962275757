import { useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, ConfigProvider, Divider, Form, Input, Row, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  LDAP_DEFAULT_MAPPING,
  LDAP_DEFAULT_ORG_FILTER,
  LDAP_DEFAULT_USER_FILTER,
  LdapMappingSchema,
  LdapSettingsSaveSchema,
  LdapTestSchema,
  type LdapSettingsView,
  keysOf,
} from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { rulesFor, useFormPage } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { saveLdapSettings, testLdap } from '../api';

const MAPPING_KEYS = keysOf(LDAP_DEFAULT_MAPPING);
/** Fields a refusal may name (the mapping's by their dotted name). */
const FIELDS = ['enabled', 'url', 'bindDn', 'bindPassword', 'baseDn', 'userFilter', 'orgFilter', ...MAPPING_KEYS.map((k) => `mapping.${k}`)];
const SAVE_ERRORS = { fields: FIELDS, topLevel: false };

function toForm(v: LdapSettingsView): FormValues<typeof LdapSettingsSaveSchema> {
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

/** The connection settings of the directory (`LdapSettingsSaveSchema` gives the rules and the body): save, and a bind test of what is typed. */
export function LdapSettingsCard({ view, stateAlert, onSaved }: { view: LdapSettingsView; stateAlert: ReactNode; onSaved: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const here = useLocation();
  const f = useSchemaForm(LdapSettingsSaveSchema, { saveErrors: SAVE_ERRORS });
  const { form } = f;
  const canModify = useCan('ldap:modify');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  // Settings changed and not saved ask before the page is left; a save stays on the page with what the server keeps.
  const page = useFormPage({ form, title: undefined });

  // The form shows what the server holds, untouched: when it loads and after each save (the password box empty again).
  const [saves, setSaves] = useState(0);
  useEffect(() => form.resetFields(), [form, view, saves]);

  const test = useMutation({
    mutationFn: testLdap,
    onMutate: () => setTestResult(null),
    onSuccess: () => setTestResult({ ok: true, text: t('ldap.testOk') }),
    onError: (err) => {
      if (err instanceof ApiError && err.name === 'PARAMETER_INVALID') f.showError(err);
      else setTestResult({ ok: false, text: err instanceof ApiError ? err.text : String(err) });
    },
  });

  const submit = async () => {
    const body = await f.read();
    if (!body) return;
    await page.save(
      async () => {
        qc.setQueryData(['ldap', 'settings'], await saveLdapSettings(body));
        setSaves((n) => n + 1);
        onSaved();
        return here.pathname + here.search;
      },
      (err) => f.showError(err),
    );
  };

  const runTest = async () => {
    const v = await form.validateFields(['url', 'bindDn', 'bindPassword']).catch(() => null);
    if (!v) return;
    const body = LdapTestSchema.safeParse({ url: v.url, bindDn: v.bindDn, bindPassword: v.bindPassword || undefined });
    if (body.success) test.mutate(body.data);
  };

  const text = (name: 'url' | 'baseDn' | 'bindDn' | 'userFilter' | 'orgFilter', placeholder?: string, extra?: string) => (
    <Col xs={24} md={12}>
      <Form.Item {...f.item(name)} label={t(`ldap.${name}`)} extra={extra}>
        <Input placeholder={placeholder} data-testid={`ldap-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Card title={t('perm.ldap')}>
      {stateAlert}
      <ConfigProvider componentDisabled={!canModify}>
        <Form form={form} layout="vertical" initialValues={toForm(view)} data-testid="ldap-form" style={{ maxWidth: 880 }}>
          <Form.Item name="enabled" label={t('ldap.enabled')}>
            <Switch data-testid="ldap-enabled" />
          </Form.Item>
          <Row gutter={16}>
            {text('url', 'ldap://ldap.example.com:389', t('ldap.urlHint'))}
            {text('baseDn', 'dc=example,dc=com')}
            {text('bindDn', 'cn=admin,dc=example,dc=com')}
            <Col xs={24} md={12}>
              <Form.Item
                {...f.item('bindPassword')}
                label={
                  <Space>
                    {t('ldap.bindPassword')}
                    <Tag color={view.passwordSet ? 'blue' : 'default'} data-testid="ldap-password-state">
                      {t(view.passwordSet ? 'ldap.passwordSet' : 'ldap.passwordNotSet')}
                    </Tag>
                  </Space>
                }
                // The stored password stays when none is typed; without one, the form needs it.
                required={!view.passwordSet}
                rules={[...(view.passwordSet ? [] : [{ required: true, message: t('validation.required') }]), ...f.item('bindPassword').rules]}
                extra={view.passwordSet ? t('ldap.passwordKeepHint') : undefined}
              >
                <Input.Password autoComplete="new-password" data-testid="ldap-bindPassword" />
              </Form.Item>
            </Col>
            {text('userFilter')}
            {text('orgFilter')}
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
          <Button type="primary" loading={page.saving} onClick={() => void submit()} data-testid="ldap-submit">
            {t('common.save')}
          </Button>
          <Button loading={test.isPending} onClick={() => void runTest()} data-testid="ldap-test">
            {t('ldap.test')}
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
