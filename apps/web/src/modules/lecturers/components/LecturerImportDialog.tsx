import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Modal, Result, Row, Space, Spin, Statistic, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, type LecturerImportResult, type LecturerImportRowError } from '@hanlin/shared';
import { ApiError, saveDownload } from '../../../platform/api/client';
import { downloadLecturerImportErrors, downloadLecturerTemplate, importLecturers } from '../api';

type Step = 'pick' | 'checked' | 'done';
const MB = CONSTANTS.IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Lecturer Excel import in two steps (mirrors the user import): `check` lists every bad row with
 * its reason and offers the error file; `commit` writes, with bad rows only the good ones.
 */
export function LecturerImportDialog({ open, onClose }: { open: boolean; onClose: (imported: boolean) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('pick');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LecturerImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

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
      setResult(await importLecturers({ file, mode, skipInvalid: mode === 'commit' && !!result?.invalid }));
      setStep(mode === 'check' ? 'checked' : 'done');
    } catch (e) {
      // A refused commit carries the check result: show its rows again.
      const data = e instanceof ApiError ? (e.data as LecturerImportResult | null) : null;
      if (data && Array.isArray(data.errors)) {
        setResult(data);
        setStep('checked');
      }
      setError(e instanceof ApiError ? e.text : String(e));
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    const imported = step === 'done' && !!result?.imported;
    reset();
    onClose(imported);
  };

  const columns = [
    { key: 'row', dataIndex: 'row', title: t('lecturer.importRow'), width: 90 },
    { key: 'field', dataIndex: 'field', title: t('lecturer.importField'), render: (f: string) => t(`lecturer.importFieldName.${f}`, { defaultValue: f }) },
    { key: 'reason', dataIndex: 'reason', title: t('lecturer.importReason'), render: (r: string) => t(`lecturer.importReasonText.${r}`, { defaultValue: r }) },
  ];

  const footer =
    step === 'pick'
      ? [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="check" type="primary" disabled={!file} loading={busy} onClick={() => void run('check')} data-testid="lecturer-import-check">
            {t('lecturer.importCheck')}
          </Button>,
        ]
      : step === 'checked' && result
        ? [
            <Button key="again" onClick={reset} data-testid="lecturer-import-again">
              {t('lecturer.importAgain')}
            </Button>,
            result.errorFileId ? (
              <Button key="errors" onClick={() => void downloadLecturerImportErrors({ id: result.errorFileId! }).then(saveDownload)} data-testid="lecturer-import-error-file">
                {t('lecturer.importErrorFile')}
              </Button>
            ) : null,
            result.valid > 0 ? (
              <Button key="commit" type="primary" loading={busy} onClick={() => void run('commit')} data-testid="lecturer-import-commit">
                {result.invalid ? t('lecturer.importGoodOnly', { n: result.valid }) : t('lecturer.importCommit', { n: result.valid })}
              </Button>
            ) : null,
          ]
        : [
            <Button key="close" type="primary" onClick={close} data-testid="lecturer-import-close">
              {t('lecturer.importClose')}
            </Button>,
          ];

  return (
    <Modal open={open} title={t('lecturer.importTitle')} width={720} onCancel={close} footer={footer} destroyOnHidden maskClosable={false}>
      <Spin spinning={busy}>
        <div data-testid="lecturer-import-dialog">
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="lecturer-import-error" /> : null}
          {step === 'pick' ? (
            <>
              <Typography.Paragraph>
                {t('lecturer.importHint', { mb: MB })}{' '}
                <Typography.Link onClick={() => void downloadLecturerTemplate().then(saveDownload)}>{t('lecturer.template')}</Typography.Link>
              </Typography.Paragraph>
              <Upload.Dragger
                accept=".xlsx"
                maxCount={1}
                data-testid="lecturer-import-file"
                fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                onRemove={() => setFile(null)}
                beforeUpload={(f) => {
                  if (!f.name.toLowerCase().endsWith('.xlsx')) setError(t('lecturer.importType'));
                  else if (f.size > CONSTANTS.IMPORT_MAX_BYTES) setError(t('lecturer.importTooLarge', { mb: MB }));
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
                <p className="ant-upload-text">{t('lecturer.importDrop')}</p>
              </Upload.Dragger>
            </>
          ) : null}
          {step !== 'pick' && result ? (
            <>
              <Row gutter={16} style={{ marginBottom: 12 }} data-testid="lecturer-import-summary">
                <Col span={6}>
                  <Statistic title={t('lecturer.importTotal')} value={result.total} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('lecturer.importValid')} value={result.valid} valueStyle={{ color: '#3f8600' }} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('lecturer.importInvalid')} value={result.invalid} valueStyle={result.invalid ? { color: '#cf1322' } : undefined} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('lecturer.importImported')} value={result.imported} />
                </Col>
              </Row>
              {step === 'done' ? (
                <Result status="success" title={t('lecturer.importDone', { n: result.imported })} subTitle={result.invalid ? t('lecturer.importSkipped', { n: result.invalid }) : undefined} />
              ) : result.invalid ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Alert type="warning" showIcon message={t('lecturer.importHasErrors', { n: result.invalid })} />
                  <Table<LecturerImportRowError>
                    size="small"
                    rowKey={(r) => `${r.row}-${r.field}`}
                    columns={columns}
                    dataSource={result.errors}
                    pagination={{ pageSize: 8, size: 'small' }}
                    data-testid="lecturer-import-errors"
                  />
                </Space>
              ) : (
                <Alert type="success" showIcon message={t('lecturer.importAllGood', { n: result.valid })} />
              )}
            </>
          ) : null}
        </div>
      </Spin>
    </Modal>
  );
}
