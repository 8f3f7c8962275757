import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Modal, Result, Row, Space, Spin, Statistic, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, UserImportResultSchema, type UserImportResult as ImportResult, type UserImportRowError as ImportRowError } from '@hanlin/shared';
import { ApiError, saveDownload, type DownloadResult } from '../api/client';

type Step = 'pick' | 'checked' | 'done';
const MB = CONSTANTS.IMPORT_MAX_BYTES / 1024 / 1024;

export interface ImportDialogProps {
  open: boolean;
  /** Called when the dialog closes; `imported` when rows were written (refresh the list). */
  onClose: (imported: boolean) => void;
  /** Modal title; defaults to the common `import.title`. */
  title?: string;
  /** data-testid prefix: the controls are `<testId>-dialog`, `-file`, `-check`, `-commit`, `-error-file`, ... */
  testId: string;
  /** The two-step call: `check` validates only, `commit` writes (the good rows only with skipInvalid). */
  upload: (input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) => Promise<ImportResult>;
  downloadTemplate: () => Promise<DownloadResult>;
  downloadErrors: (input: { id: string }) => Promise<DownloadResult>;
  /** Text of an error row's field (a template column key) and of its reason code. */
  fieldLabel: (field: string) => string;
  reasonLabel: (reason: string) => string;
}

/**
 * Excel import in two steps: `check` reports every bad row (table + error file), then `commit`
 * writes; with bad rows the user may import the good rows only (nothing is half-written).
 */
export function ImportDialog({ open, onClose, title, testId, upload, downloadTemplate, downloadErrors, fieldLabel, reasonLabel }: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('pick');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tid = (s: string) => `${testId}-${s}`;

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
      setResult(await upload({ file, mode, skipInvalid: mode === 'commit' && !!result?.invalid }));
      setStep(mode === 'check' ? 'checked' : 'done');
    } catch (e) {
      // A refused commit carries the check result: show its rows again.
      const refused = e instanceof ApiError ? UserImportResultSchema.safeParse(e.data) : null;
      if (refused?.success) {
        setResult(refused.data);
        setStep('checked');
      }
      setError(e instanceof ApiError ? e.text : String(e));
    } finally {
      setBusy(false);
    }
  }

  const columns = [
    { key: 'row', dataIndex: 'row', title: t('import.row'), width: 90 },
    { key: 'field', dataIndex: 'field', title: t('import.field'), render: fieldLabel },
    { key: 'reason', dataIndex: 'reason', title: t('import.reason'), render: reasonLabel },
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
          {t('import.check')}
        </Button>,
      ];
    if (step === 'checked' && result) {
      const { errorFileId } = result;
      return [
        <Button key="again" onClick={reset} data-testid={tid('again')}>
          {t('import.again')}
        </Button>,
        errorFileId ? (
          <Button key="errors" onClick={() => void downloadErrors({ id: errorFileId }).then(saveDownload)} data-testid={tid('error-file')}>
            {t('import.errorFile')}
          </Button>
        ) : null,
        result.valid > 0 ? (
          <Button key="commit" type="primary" loading={busy} onClick={() => void run('commit')} data-testid={tid('commit')}>
            {result.invalid ? t('import.goodOnly', { n: result.valid }) : t('import.commit', { n: result.valid })}
          </Button>
        ) : null,
      ];
    }
    return [
      <Button key="close" type="primary" onClick={close} data-testid={tid('close')}>
        {t('import.close')}
      </Button>,
    ];
  })();

  return (
    <Modal open={open} title={title ?? t('import.title')} width={720} onCancel={close} footer={footer} destroyOnHidden maskClosable={false}>
      <Spin spinning={busy} tip={t('import.busy')}>
        <div data-testid={tid('dialog')}>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid={tid('error')} /> : null}
          {step === 'pick' ? (
            <>
              <Typography.Paragraph>
                {t('import.hint', { mb: MB })}{' '}
                <Typography.Link onClick={() => void downloadTemplate().then(saveDownload)} data-testid={tid('template')}>
                  {t('import.template')}
                </Typography.Link>
              </Typography.Paragraph>
              <Upload.Dragger
                accept=".xlsx"
                maxCount={1}
                data-testid={tid('file')}
                fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                onRemove={() => setFile(null)}
                beforeUpload={(f) => {
                  if (!f.name.toLowerCase().endsWith('.xlsx')) setError(t('import.type'));
                  else if (f.size > CONSTANTS.IMPORT_MAX_BYTES) setError(t('import.tooLarge', { mb: MB }));
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
                <p className="ant-upload-text">{t('import.drop')}</p>
              </Upload.Dragger>
            </>
          ) : null}
          {step !== 'pick' && result ? (
            <>
              <Row gutter={16} style={{ marginBottom: 12 }} data-testid={tid('summary')}>
                <Col span={6}>
                  <Statistic title={t('import.total')} value={result.total} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('import.valid')} value={result.valid} valueStyle={{ color: '#3f8600' }} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('import.invalid')} value={result.invalid} valueStyle={result.invalid ? { color: '#cf1322' } : undefined} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('import.imported')} value={result.imported} />
                </Col>
              </Row>
              {step === 'done' ? (
                <Result status="success" title={t('import.done', { n: result.imported })} subTitle={result.invalid ? t('import.skipped', { n: result.invalid }) : undefined} />
              ) : result.invalid ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Alert type="warning" showIcon message={t('import.hasErrors', { n: result.invalid })} />
                  <Table<ImportRowError>
                    size="small"
                    rowKey={(r) => `${r.row}-${r.field}`}
                    columns={columns}
                    dataSource={result.errors}
                    pagination={{ pageSize: 8, size: 'small' }}
                    data-testid={tid('errors')}
                  />
                </Space>
              ) : (
                <Alert type="success" showIcon message={t('import.allGood', { n: result.valid })} />
              )}
            </>
          ) : null}
        </div>
      </Spin>
    </Modal>
  );
}
