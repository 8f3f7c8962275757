import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_PASS_SCORE, TRAIN_RESULT_LIMITS, TRAIN_RESULT_SHEET_LIFECYCLE, type TrainResultRow, type TrainResultSheet } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { LifecycleTag } from '../../../platform/lifecycle';
import { useFeedback } from '../../../platform/feedback';
import { formatTime } from '../../../platform/format';
import { ImportDialog } from '../../../platform/kernel';
import { approveResults, downloadResultImportErrors, downloadResultTemplate, enterResults, getResultSheet, importResults, refuseResults, submitResults } from '../api';

type Draft = { score: number | null; passed: boolean | null; comment: string };

/** The result sheet of one class: the entry grid (admitted trainees), import, submit, approve / refuse, as `abilities` allow. */
export function ClassResultsPanel({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const key = ['trainResultSheet', classId];
  const q = useQuery({ queryKey: key, queryFn: () => getResultSheet({ classId }) });
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [importing, setImporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const sheet = q.data;
  useEffect(() => setDrafts({}), [sheet]);

  if (!sheet) return <Card loading={q.isLoading} />;
  const editable = sheet.abilities.modify;
  const changed = Object.keys(drafts).length;
  const refresh = (next?: TrainResultSheet) => (next ? client.setQueryData(key, next) : client.invalidateQueries({ queryKey: key }));
  const draftOf = (r: TrainResultRow): Draft => drafts[r.userId] ?? { score: r.score, passed: r.passed, comment: r.comment };
  const edit = (r: TrainResultRow, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [r.userId]: { ...draftOf(r), ...patch } }));

  async function save() {
    const results = Object.entries(drafts)
      .filter(([, d]) => d.score !== null)
      .map(([userId, d]) => ({ userId: Number(userId), score: d.score!, ...(d.passed !== null ? { passed: d.passed } : {}), comment: d.comment }));
    if (!results.length) return;
    setSaving(true);
    try {
      refresh(await enterResults({ classId, results }));
      message.success(t('common.saved'));
    } catch {
      // The API client has shown the refusal.
    } finally {
      setSaving(false);
    }
  }
  const command = (run: () => Promise<TrainResultSheet>) => async () => refresh(await run());
  const refuse = () => {
    let reason = '';
    modal.confirm({
      title: t('trainResults.refuseTitle'),
      content: <Input.TextArea maxLength={TRAIN_RESULT_LIMITS.REASON_MAX} onChange={(e) => (reason = e.target.value)} data-testid="train-result-refuse-reason" />,
      onOk: async () => refresh(await refuseResults({ classId, reason: reason.trim() || '-' })),
    });
  };

  const columns = [
    { key: 'realname', title: t('trainResults.trainee'), render: (_: unknown, r: TrainResultRow) => `${r.realname} (${r.username})` },
    { key: 'orgName', title: t('trainResults.org'), dataIndex: 'orgName', responsive: ['md' as const] },
    {
      key: 'score',
      title: t('trainResults.score'),
      render: (_: unknown, r: TrainResultRow) =>
        editable ? (
          <InputNumber
            min={0}
            max={100}
            step={0.5}
            precision={1}
            value={draftOf(r).score}
            onChange={(v) => edit(r, { score: v === null ? null : Number(v), passed: null })}
            data-testid={`train-result-score-${r.userId}`}
          />
        ) : (
          (r.score ?? '–')
        ),
    },
    {
      key: 'passed',
      title: t('trainResults.passed'),
      render: (_: unknown, r: TrainResultRow) => {
        const d = draftOf(r);
        const passed = d.passed ?? (d.score === null ? null : d.score >= TRAIN_PASS_SCORE);
        return editable ? (
          <Checkbox checked={!!passed} disabled={d.score === null} onChange={(e) => edit(r, { passed: e.target.checked })} data-testid={`train-result-passed-${r.userId}`} />
        ) : passed === null ? (
          '–'
        ) : (
          t(passed ? 'trainResults.yes' : 'trainResults.no')
        );
      },
    },
    {
      key: 'comment',
      title: t('trainResults.comment'),
      render: (_: unknown, r: TrainResultRow) =>
        editable ? <Input value={draftOf(r).comment} maxLength={TRAIN_RESULT_LIMITS.COMMENT_MAX} onChange={(e) => edit(r, { comment: e.target.value })} /> : r.comment,
    },
    {
      key: 'enteredAt',
      title: t('trainResults.enteredAt'),
      responsive: ['lg' as const],
      render: (_: unknown, r: TrainResultRow) => (r.enteredAt ? `${r.enteredByName ?? ''} ${formatTime(r.enteredAt)}` : '–'),
    },
  ];

  return (
    <Card
      data-testid="train-result-panel"
      title={
        <Space wrap>
          <span>{sheet.name}</span>
          <LifecycleTag lifecycle={TRAIN_RESULT_SHEET_LIFECYCLE} state={sheet.state} testId="train-result-state" />
          <Typography.Text type="secondary">{t('trainResults.enteredOf', { entered: sheet.entered, trainees: sheet.trainees })}</Typography.Text>
        </Space>
      }
      extra={
        <Space wrap>
          {sheet.abilities.import && (
            <>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadResultTemplate().then(saveDownload)} data-testid="train-result-template">
                {t('trainResults.template')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="train-result-import">
                {t('trainResults.import')}
              </Button>
            </>
          )}
          {editable && (
            <Button type="primary" disabled={!changed} loading={saving} onClick={() => void save()} data-testid="train-result-save">
              {t('common.save')}
            </Button>
          )}
          {sheet.abilities.submit && (
            <Button
              onClick={() => modal.confirm({ title: t('trainResults.submitConfirm'), onOk: command(() => submitResults({ classId })) })}
              data-testid="train-result-submit"
            >
              {t('trainResults.submit')}
            </Button>
          )}
          {sheet.abilities.approve && (
            <Button
              type="primary"
              onClick={() => modal.confirm({ title: t('trainResults.approveConfirm'), onOk: command(() => approveResults({ classId })) })}
              data-testid="train-result-approve"
            >
              {t('trainResults.approve')}
            </Button>
          )}
          {sheet.abilities.refuse && (
            <Button danger onClick={refuse} data-testid="train-result-refuse">
              {t('trainResults.refuse')}
            </Button>
          )}
        </Space>
      }
    >
      {/* Results are entered once the class has begun: the server says until when they wait. */}
      {sheet.resultsOpenAt && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="train-result-not-started"
          title={t('trainResults.notStarted', { start: formatTime(sheet.resultsOpenAt) })}
        />
      )}
      {sheet.refuseReason && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('trainResults.refusedBecause', { reason: sheet.refuseReason })} />}
      <Table<TrainResultRow>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={sheet.rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: true }}
      />
      <ImportDialog
        open={importing}
        title={t('trainResults.importTitle')}
        testId="train-result-import"
        upload={(input) => importResults(classId, input)}
        downloadTemplate={downloadResultTemplate}
        downloadErrors={downloadResultImportErrors}
        fieldLabel={(f) => t(`trainResults.field_${f}`, { defaultValue: f })}
        reasonLabel={(r) => t(`trainResults.reason_${r}`, { defaultValue: r })}
        onClose={(imported) => {
          setImporting(false);
          if (imported) void refresh();
        }}
      />
    </Card>
  );
}
