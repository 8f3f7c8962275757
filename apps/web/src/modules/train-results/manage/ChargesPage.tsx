import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Select, Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_RESULT_LIMITS, type TrainChargeRow, type TrainPlanActual } from '@hanlin/shared';
import { useCan } from '../../../platform/permission';
import { usePageTitle } from '../../../platform/page-title';
import { RowActions, type RowAction } from '../../../platform/kernel';
import { findYearPlans } from '../../year-plans/index';
import { deleteCharges, findCharges, getPlanActual, insertCharge, updateCharge } from '../api';
import { ClassSelect, useClassParam, yuan } from '../components/ClassSelect';

interface FormValues {
  item: string;
  amount: number;
  spentOn: string;
  note?: string;
}

function ChargeModal({ classId, editing, onDone }: { classId: number; editing: TrainChargeRow | 'new'; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const initial =
    editing === 'new'
      ? { spentOn: new Date().toISOString().slice(0, 10) }
      : { item: editing.item, amount: editing.amountFen / 100, spentOn: editing.spentOn, note: editing.note };
  const save = async () => {
    const v = await form.validateFields();
    const fields = { item: v.item, amountFen: Math.round(v.amount * 100), spentOn: v.spentOn, note: v.note ?? '' };
    setBusy(true);
    try {
      if (editing === 'new') await insertCharge({ classId, ...fields });
      else await updateCharge({ id: editing.id, ...fields });
      onDone(true);
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(editing === 'new' ? 'trainResults.addCharge' : 'trainResults.editCharge')}
      onOk={() => void save()}
      confirmLoading={busy}
      onCancel={() => onDone(false)}
      okButtonProps={{ 'data-testid': 'train-charge-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="item" label={t('trainResults.chargeItem')} rules={[{ required: true, whitespace: true, max: TRAIN_RESULT_LIMITS.ITEM_MAX }]}>
          <Input data-testid="train-charge-item" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('trainResults.amountYuan')}
          rules={[{ required: true }, { type: 'number', min: 0.01, max: TRAIN_RESULT_LIMITS.AMOUNT_FEN_MAX / 100 }]}
        >
          <InputNumber precision={2} min={0.01} style={{ width: '100%' }} data-testid="train-charge-amount" />
        </Form.Item>
        <Form.Item name="spentOn" label={t('trainResults.spentOn')} rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}>
          <Input type="date" data-testid="train-charge-date" />
        </Form.Item>
        <Form.Item name="note" label={t('trainResults.note')} rules={[{ max: TRAIN_RESULT_LIMITS.NOTE_MAX }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ClassCharges({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const key = ['trainCharges', classId, page];
  const q = useQuery({ queryKey: key, queryFn: () => findCharges({ classId, page, size: 20 }) });
  const [editing, setEditing] = useState<TrainChargeRow | 'new' | null>(null);
  const may = useCan('pxapgl:modify');
  const refresh = () => client.invalidateQueries({ queryKey: ['trainCharges', classId] });
  const actions: RowAction<TrainChargeRow>[] = [
    { key: 'modify', label: t('common.edit'), run: (r) => setEditing(r) },
    { key: 'delete', label: t('common.delete'), danger: true, confirm: true, run: async (r) => (await deleteCharges({ ids: [r.id] }), refresh()) },
  ];
  const data = q.data;
  return (
    <Card
      data-testid="train-charges"
      title={t('trainResults.charges')}
      extra={
        may && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="train-charge-add">
            {t('trainResults.addCharge')}
          </Button>
        )
      }
    >
      <Space size="large" wrap style={{ marginBottom: 12 }}>
        <Statistic title={t('trainResults.actual')} value={yuan(data?.totalFen)} data-testid="train-charge-total" />
        <Statistic title={t('trainResults.planned')} value={yuan(data?.plannedFen)} />
      </Space>
      <Table<TrainChargeRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { key: 'item', title: t('trainResults.chargeItem'), dataIndex: 'item' },
          { key: 'amount', title: t('trainResults.amountYuan'), render: (_, r) => <span data-testid="train-charge-amount-cell">{yuan(r.amountFen)}</span> },
          { key: 'spentOn', title: t('trainResults.spentOn'), dataIndex: 'spentOn' },
          { key: 'note', title: t('trainResults.note'), dataIndex: 'note', ellipsis: true },
          { key: 'creator', title: t('trainResults.enteredBy'), dataIndex: 'creatorName' },
          { key: 'ops', title: t('common.actions'), render: (_, r) => <RowActions record={r} actions={actions} /> },
        ]}
      />
      {editing && (
        <ChargeModal
          classId={classId}
          editing={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
    </Card>
  );
}

/** Planned against actual per line of an annual plan. */
function PlanActual() {
  const { t } = useTranslation();
  const [planId, setPlanId] = useState<number>();
  const plans = useQuery({ queryKey: ['trainPlanChoices'], queryFn: () => findYearPlans({ page: 1, size: 100 }), enabled: useCan('ndjh') });
  const q = useQuery({ queryKey: ['trainPlanActual', planId], queryFn: () => getPlanActual({ yearPlanId: planId! }), enabled: !!planId });
  type Line = TrainPlanActual['lines'][number];
  return (
    <Card title={t('trainResults.planActual')} data-testid="train-plan-actual">
      <Select<number>
        value={planId}
        onChange={setPlanId}
        options={(plans.data?.records ?? []).map((p) => ({ value: p.id, label: `${p.year} ${p.name}` }))}
        placeholder={t('trainResults.pickPlan')}
        style={{ width: 360, maxWidth: '100%', marginBottom: 12 }}
      />
      {q.data && (
        <Table<Line>
          rowKey="lineId"
          size="small"
          pagination={false}
          dataSource={q.data.lines}
          scroll={{ x: true }}
          columns={[
            { key: 'month', title: t('trainResults.month'), dataIndex: 'month' },
            { key: 'type', title: t('trainResults.trainingType'), dataIndex: 'trainingType' },
            { key: 'content', title: t('trainResults.content'), dataIndex: 'content', ellipsis: true },
            { key: 'planned', title: t('trainResults.planned'), render: (_, l) => yuan(l.plannedFen) },
            {
              key: 'actual',
              title: t('trainResults.actual'),
              render: (_, l) => <span style={{ color: l.actualFen > l.plannedFen ? '#cf1322' : undefined }}>{yuan(l.actualFen)}</span>,
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                {t('trainResults.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3}>{yuan(q.data.plannedFen)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4}>{yuan(q.data.actualFen)}</Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </Card>
  );
}

/** manage-train-chargeDetails (pxapgl): a class's actual charges (on its plan line) and a plan's planned vs actual. */
export default function ChargesPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.manage-train-chargeDetails'));
  const [classId, setClassId] = useClassParam();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <ClassSelect value={classId} onChange={setClassId} />
      </Card>
      {classId ? <ClassCharges key={classId} classId={classId} /> : <Empty description={t('trainResults.pickClass')} />}
      <PlanActual />
    </Space>
  );
}
