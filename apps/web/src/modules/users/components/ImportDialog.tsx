import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Result, Space, Spin, Statistic, Row, Col, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, type UserImportResult, type UserImportRowError } from '@hanlin/shared';
import { ApiError, saveDownload } from '../../../platform/api/client';
import type { PeopleConfig } from '../people-kinds';

type Step = 'pick' | 'checked' | 'done';
const ACCEPT = ['.xlsx', '.xls'];

/**
 * Excel import in two steps: `check` reports every bad row (table + error file), then `commit`
 * writes; with bad rows the user may import the good rows only (nothing is half-written).
 */
export function ImportDialog({ open, cfg, onClose }: { open: boolean; cfg: PeopleConfig; onClose: (imported: boolean) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('pick');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tid = (s: string) => `${cfg.prefix}-import-${s}`;

  const reset = () => {
    setFile(null);
    setStep('pick');
    setResult(null);
    setError(null);
  };

  async function run(mode: 'check' | 'commit') {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const r = await cfg.api.importFile({ file, mode, skipInvalid: mode === 'commit' && !!result?.invalid });
      setResult(r);
      setStep(mode === 'check' ? 'checked' : 'done');
    } catch (e) {
      const data = e instanceof ApiError ? (e.data as UserImportResult | null) : null;
      if (data && Array.isArray(data.errors)) {
        setResult(data);
        setStep('checked');
      }
      setError(e instanceof ApiError ? e.text : String(e));
    } finally {
      setBusy(false);
    }
  }

  const fieldLabel = (f: string) => t(`user.field.${f}`, { defaultValue: f === 'cardNumber' ? t(cfg.cardKey) : f });
  const columns = [
    { key: 'row', dataIndex: 'row', title: t('user.importRow'), width: 90 },
    { key: 'field', dataIndex: 'field', title: t('user.importField'), render: (f: string) => (f === 'cardNumber' ? t(cfg.cardKey) : fieldLabel(f)) },
    { key: 'reason', dataIndex: 'reason', title: t('user.importReason'), render: (r: string) => t(`user.reason.${r}`, { defaultValue: r }) },
  ];

  const close = () => {
    const imported = step === 'done' && !!result?.imported;
    reset();
    onClose(imported);
  };

  const footer = (() => {
    if (step === 'pick')
      return [
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="check" type="primary" disabled={!file} loading={busy} onClick={() => void run('check')} data-testid={tid('check')}>
          {t('user.importCheck')}
        </Button>,
      ];
    if (step === 'checked' && result)
      return [
        <Button key="again" onClick={reset} data-testid={tid('again')}>
          {t('user.importAgain')}
        </Button>,
        result.errorFileId ? (
          <Button key="errors" onClick={() => void cfg.api.errorFile({ id: result.errorFileId! }).then(saveDownload)} data-testid={tid('error-file')}>
            {t('user.importErrorFile')}
          </Button>
        ) : null,
        result.valid > 0 ? (
          <Button key="commit" type="primary" loading={busy} onClick={() => void run('commit')} data-testid={tid('commit')}>
            {result.invalid ? t('user.importGoodOnly', { n: result.valid }) : t('user.importCommit', { n: result.valid })}
          </Button>
        ) : null,
      ];
    return [
      <Button key="close" type="primary" onClick={close} data-testid={tid('close')}>
        {t('user.importClose')}
      </Button>,
    ];
  })();

  return (
    <Modal open={open} title={t('user.importTitle')} width={720} onCancel={close} footer={footer} destroyOnHidden maskClosable={false}>
      <Spin spinning={busy} tip={t('user.importBusy')}>
        <div data-testid={tid('dialog')}>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid={tid('error')} /> : null}
          {step === 'pick' ? (
            <>
              <Typography.Paragraph>
                {t('user.importHint', { mb: CONSTANTS.IMPORT_MAX_BYTES / 1024 / 1024 })}{' '}
                <Typography.Link onClick={() => void cfg.api.template().then(saveDownload)} data-testid={tid('template')}>
                  {t('user.downloadTemplate')}
                </Typography.Link>
              </Typography.Paragraph>
              <Upload.Dragger
                accept={ACCEPT.join(',')}
                maxCount={1}
                data-testid={tid('file')}
                fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                onRemove={() => setFile(null)}
                beforeUpload={(f) => {
                  const ok = ACCEPT.some((s) => f.name.toLowerCase().endsWith(s));
                  if (!ok) setError(t('user.importType'));
                  else if (f.size > CONSTANTS.IMPORT_MAX_BYTES) setError(t('user.importTooLarge', { mb: CONSTANTS.IMPORT_MAX_BYTES / 1024 / 1024 }));
                  else {
                    setError(null);
                    setFile(f);
                  }
                  return Upload.LIST_IGNORE;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('user.importDrop')}</p>
              </Upload.Dragger>
            </>
          ) : null}
          {step !== 'pick' && result ? (
            <>
              <Row gutter={16} style={{ marginBottom: 12 }} data-testid={tid('summary')}>
                <Col span={6}>
                  <Statistic title={t('user.importTotal')} value={result.total} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('user.importValid')} value={result.valid} valueStyle={{ color: '#3f8600' }} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('user.importInvalid')} value={result.invalid} valueStyle={result.invalid ? { color: '#cf1322' } : undefined} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('user.importImported')} value={result.imported} />
                </Col>
              </Row>
              {step === 'done' ? (
                <Result status="success" title={t('user.importDone', { n: result.imported })} subTitle={result.invalid ? t('user.importSkipped', { n: result.invalid }) : undefined} />
              ) : result.invalid ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Alert type="warning" showIcon message={t('user.importHasErrors', { n: result.invalid })} />
                  <Table<UserImportRowError>
                    size="small"
                    rowKey={(r) => `${r.row}-${r.field}`}
                    columns={columns}
                    dataSource={result.errors}
                    pagination={{ pageSize: 8, size: 'small' }}
                    data-testid={tid('errors')}
                  />
                </Space>
              ) : (
                <Alert type="success" showIcon message={t('user.importAllGood', { n: result.valid })} />
              )}
            </>
          ) : null}
        </div>
      </Spin>
    </Modal>
  );
}
