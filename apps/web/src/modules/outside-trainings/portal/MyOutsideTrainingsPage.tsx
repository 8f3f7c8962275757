import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Typography, Upload } from 'antd';
import { PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  OUTSIDE_TRAINING_ATTACHMENTS_MAX,
  OUTSIDE_TRAINING_RESULTS,
  OUTSIDE_TRAINING_UPLOAD_PURPOSE,
  OutsideTrainingCreateSchema,
  OutsideTrainingResultSchema,
  type OutsideTrainingCreate,
  type OutsideTrainingResultInput,
  type OutsideTrainingRow,
} from '@hanlin/shared';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { errorText } from '../../../platform/api/beyond';
import { useFeedback } from '../../../platform/feedback';
import { uploadFile, type UploadedFile } from '../../uploads/index';
import { findMyOutsideTrainings, insertOutsideTraining, recordOutsideTrainingResult, submitOutsideTraining } from '../api';
import { OutsideTrainingStateTag, yuan } from '../components/outside-training-meta';
import { pickedFile } from '../../../platform/dom';

/** Uploads of purpose outside-training, kept outside the form (sent by reference). */
function FilesField({
  files,
  setFiles,
  max,
  testId,
}: {
  files: UploadedFile[];
  setFiles: (f: (list: UploadedFile[]) => UploadedFile[]) => void;
  max: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Upload
      fileList={files.map((x) => ({ uid: x.id, name: x.name, status: 'done' as const }))}
      onRemove={(file) => setFiles((list) => list.filter((x) => x.id !== file.uid))}
      customRequest={({ file, onSuccess, onError }) => {
        uploadFile({ file: pickedFile(file), purpose: OUTSIDE_TRAINING_UPLOAD_PURPOSE, kind: 'attachment' })
          .then((u) => {
            setFiles((list) => [...list, u]);
            onSuccess?.(u);
          })
          .catch((e: Error) => onError?.(e));
      }}
    >
      {files.length < max && (
        <Button icon={<PlusOutlined />} data-testid={testId}>
          {t('outsideTrainings.addAttachment')}
        </Button>
      )}
    </Upload>
  );
}

/** The apply form: the shared create schema; the cost is typed in yuan and kept in fen; up to 5 attachments. */
function ApplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const f = useSchemaForm(OutsideTrainingCreateSchema);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const save = useMutation({
    mutationFn: (body: OutsideTrainingCreate) => insertOutsideTraining(body),
    onSuccess: async () => {
      message.success(t('common.done'));
      f.form.resetFields();
      setFiles([]);
      onClose();
      await qc.invalidateQueries({ queryKey: ['outsideTraining'] });
    },
    onError: (e) => {
      if (!f.showError(e, { report: false })) message.error(errorText(e));
    },
  });
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={t('outsideTrainings.apply')}
      okText={t('outsideTrainings.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'outside-training-save' }}
      onOk={async () => {
        const body = await f.read({ attachments: files.map((x) => x.url) });
        if (body) save.mutate(body);
      }}
      onCancel={onClose}
    >
      <Form form={f.form} layout="vertical">
        <Form.Item {...f.item('institutionName')} label={t('outsideTrainings.institution')}>
          <Input maxLength={f.maxLength('institutionName')} data-testid="outside-training-institution" />
        </Form.Item>
        <Form.Item {...f.item('course')} label={t('outsideTrainings.course')}>
          <Input maxLength={f.maxLength('course')} data-testid="outside-training-course-input" />
        </Form.Item>
        <Space wrap>
          <Form.Item {...f.item('startDate')} label={t('outsideTrainings.startDate')}>
            <Input type="date" data-testid="outside-training-start" />
          </Form.Item>
          <Form.Item {...f.item('endDate')} label={t('outsideTrainings.endDate')}>
            <Input type="date" data-testid="outside-training-end" />
          </Form.Item>
          <Form.Item
            {...f.item('cost')}
            label={t('outsideTrainings.cost')}
            getValueProps={(fen: number | null | undefined) => ({ value: typeof fen === 'number' ? fen / 100 : fen })}
            normalize={(v: number | null) => (typeof v === 'number' ? Math.round(v * 100) : v)}
          >
            <InputNumber min={0} precision={2} data-testid="outside-training-cost-input" />
          </Form.Item>
        </Space>
        <Form.Item {...f.item('reason')} label={t('outsideTrainings.reason')}>
          <Input.TextArea rows={3} maxLength={f.maxLength('reason')} showCount />
        </Form.Item>
        <Form.Item label={t('outsideTrainings.attachments')} extra={t('outsideTrainings.attachmentsHint')}>
          <FilesField files={files} setFiles={setFiles} max={OUTSIDE_TRAINING_ATTACHMENTS_MAX} testId="outside-training-attach" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** After approval: result, score, notes and the certificate (the server allows it while the row says `recordResult`). */
function ResultDialog({ row, onClose }: { row: OutsideTrainingRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const f = useSchemaForm(OutsideTrainingResultSchema);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const save = useMutation({
    mutationFn: (body: OutsideTrainingResultInput) => recordOutsideTrainingResult(body),
    onSuccess: async () => {
      message.success(t('common.done'));
      setFiles([]);
      onClose();
      await qc.invalidateQueries({ queryKey: ['outsideTraining'] });
    },
    onError: (e) => {
      if (!f.showError(e, { report: false })) message.error(errorText(e));
    },
  });
  return (
    <Modal
      open={!!row}
      destroyOnHidden
      title={t('outsideTrainings.recordResult')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'outside-training-result-save' }}
      onOk={async () => {
        const body = await f.read({ id: row?.id, certificate: files[0]?.url ?? null });
        if (body) save.mutate(body);
      }}
      onCancel={onClose}
    >
      <Form form={f.form} layout="vertical">
        <Form.Item {...f.item('result')} label={t('outsideTrainings.result')}>
          <Select data-testid="outside-training-result-select" options={OUTSIDE_TRAINING_RESULTS.map((v) => ({ value: v, label: t(`outsideTrainings.result_${v}`) }))} />
        </Form.Item>
        <Form.Item {...f.item('score')} label={t('outsideTrainings.score')}>
          <InputNumber min={0} precision={2} data-testid="outside-training-score" />
        </Form.Item>
        <Form.Item {...f.item('notes')} label={t('outsideTrainings.notes')}>
          <Input.TextArea rows={3} maxLength={f.maxLength('notes')} showCount />
        </Form.Item>
        <Form.Item label={t('outsideTrainings.certificate')}>
          <FilesField files={files} setFiles={setFiles} max={1} testId="outside-training-certificate" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SubmitButton({ row }: { row: OutsideTrainingRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { message } = useFeedback();
  const submit = useMutation({
    mutationFn: () => submitOutsideTraining({ id: row.id }),
    onSuccess: async () => {
      message.success(t('common.done'));
      await qc.invalidateQueries({ queryKey: ['outsideTraining'] });
    },
    onError: (e) => message.error(errorText(e)),
  });
  if (!row.abilities.submit) return null;
  return (
    <Button type="primary" loading={submit.isPending} onClick={() => submit.mutate()} data-testid="my-outside-training-submit">
      {t('outsideTrainings.submit')}
    </Button>
  );
}

/** Student center "my outside training": my applications with their state, apply (a draft), submit where the row allows. */
export default function MyOutsideTrainingsPage() {
  const { t } = useTranslation();
  const [applying, setApplying] = useState(false);
  const [recording, setRecording] = useState<OutsideTrainingRow | null>(null);
  const paged = usePagedQuery(['outsideTraining', 'mine'], findMyOutsideTrainings);
  return (
    <Card
      title={t('center.outside-training')}
      data-testid="my-outside-trainings-page"
      styles={{ body: { padding: 12 } }}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)} data-testid="outside-training-apply">
          {t('outsideTrainings.apply')}
        </Button>
      }
    >
      <PagedList
        paged={paged}
        emptyText={t('outsideTrainings.noneYet')}
        renderItem={(r) => (
          <PagedListItem
            testId="my-outside-training-item"
            icon={<ReadOutlined style={{ fontSize: 32 }} />}
            action={
              <Space>
                <SubmitButton row={r} />
                {r.abilities.recordResult && (
                  <Button onClick={() => setRecording(r)} data-testid="my-outside-training-result">
                    {t('outsideTrainings.recordResult')}
                  </Button>
                )}
              </Space>
            }
          >
            <Space wrap size={6}>
              <Typography.Text strong>{r.course}</Typography.Text>
              <OutsideTrainingStateTag state={r.state} />
            </Space>
            <div>{r.institutionName}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.startDate} – {r.endDate} · {yuan(r.cost)}
            </Typography.Text>
          </PagedListItem>
        )}
      />
      <ApplyDialog open={applying} onClose={() => setApplying(false)} />
      <ResultDialog row={recording} onClose={() => setRecording(null)} />
    </Card>
  );
}
