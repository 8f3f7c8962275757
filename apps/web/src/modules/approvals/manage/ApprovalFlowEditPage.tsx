import { Button, Card, Form, Input, Radio, Select, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_FLOW_NAME_MAX,
  APPROVAL_STEP_MODES,
  APPROVAL_STEPS_MAX,
  ApprovalFlowInsertSchema,
  ApprovalStepSchema,
  type ApprovalFlowDetail,
  type ApprovalFlowInsert,
} from '@hanlin/shared';
import { rulesFor, useRecordEditor } from '../../../platform/kernel';
import { usePageTitle } from '../../../platform/page-title';
import { findApprovalTypes, getApprovalFlowById, insertApprovalFlow, updateApprovalFlow } from '../api';
import { ApproverInput } from './ApproverInput';
import { CandidateSelect } from './CandidateSelect';
import { BusinessType } from '../components/BusinessType';

const NEW_STEP = { name: '', mode: 'orSign', approvers: [], ccUserIds: [] };

/**
 * `manage-approval-flow-edit`: a business type's flow, its ordered steps (approvers, step type,
 * CC persons). Saving an edit writes a new version; approvals already running keep theirs.
 */
export default function ApprovalFlowEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<ApprovalFlowDetail, ApprovalFlowInsert>({
    queryKey: 'approval-flow',
    load: (id) => getApprovalFlowById({ id }),
    create: insertApprovalFlow,
    // The business type stays; the rest is the new version.
    update: (id, { businessType: _type, ...body }) => updateApprovalFlow({ ...body, id }),
    listPath: '/dashboard/manage-approval-flow',
    perms: { add: 'splgl:add', modify: 'splgl:modify' },
    toForm: (f) => (f ? { businessType: f.businessType, name: f.name, steps: f.steps } : { steps: [NEW_STEP] }),
    saveErrors: { byCode: { DUPLICATE_DATA: 'businessType' } },
  });
  const types = useQuery({ queryKey: ['approval-flow', 'types'], queryFn: findApprovalTypes });
  const title = t(ed.id ? 'approvals.edit' : 'approvals.add');
  usePageTitle(title);
  const ccNames = (i: number) => new Map((ed.record?.steps[i]?.cc ?? []).map((c) => [c.userId, c.realname] as const));

  return (
    <Card title={title} data-testid="approval-flow-edit-page" extra={ed.record ? t('approvals.versionNote', { version: ed.record.version }) : null}>
      {ed.loading ? (
        <Spin />
      ) : (
        <Form form={ed.form} layout="vertical" initialValues={ed.initial} style={{ maxWidth: 880 }} data-testid="approval-flow-form" key={ed.record ? 'loaded' : 'new'}>
          <Form.Item name="businessType" label={t('approvals.businessType')} required rules={rulesFor(ApprovalFlowInsertSchema, 'businessType', t)}>
            <Select
              data-testid="approval-flow-type"
              disabled={!!ed.id}
              loading={types.isLoading}
              options={(types.data ?? []).map((o) => ({ value: o.businessType, disabled: o.defined, label: <BusinessType type={o.businessType} /> }))}
            />
          </Form.Item>
          <Form.Item name="name" label={t('approvals.flowName')} required rules={rulesFor(ApprovalFlowInsertSchema, 'name', t)}>
            <Input data-testid="approval-flow-name" maxLength={APPROVAL_FLOW_NAME_MAX} />
          </Form.Item>
          <Form.List name="steps">
            {(steps, { add, remove, move }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {steps.map((step, i) => (
                  <Card
                    key={step.key}
                    size="small"
                    data-testid={`approval-step-${i}`}
                    title={t('approvals.stepTitle', { n: i + 1 })}
                    extra={
                      <Space>
                        <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)} data-testid={`approval-step-${i}-up`}>
                          {t('approvals.moveUp')}
                        </Button>
                        <Button size="small" danger disabled={steps.length === 1} onClick={() => remove(step.name)} data-testid={`approval-step-${i}-remove`}>
                          {t('common.delete')}
                        </Button>
                      </Space>
                    }
                  >
                    <Form.Item name={[step.name, 'name']} label={t('approvals.stepName')}>
                      <Input maxLength={APPROVAL_FLOW_NAME_MAX} data-testid={`approval-step-${i}-name`} />
                    </Form.Item>
                    <Form.Item name={[step.name, 'mode']} label={t('approvals.mode')} required rules={rulesFor(ApprovalStepSchema, 'mode', t)}>
                      <Radio.Group data-testid={`approval-step-${i}-mode`} options={APPROVAL_STEP_MODES.map((m) => ({ value: m, label: t(`approvals.mode_${m}`) }))} />
                    </Form.Item>
                    <Form.Item name={[step.name, 'approvers']} label={t('approvals.approvers')} required rules={rulesFor(ApprovalStepSchema, 'approvers', t)}>
                      <ApproverInput testId={`approval-step-${i}-approvers`} />
                    </Form.Item>
                    <Form.Item name={[step.name, 'ccUserIds']} label={t('approvals.cc')}>
                      <CandidateSelect kind="user" testId={`approval-step-${i}-cc`} known={ccNames(step.name)} />
                    </Form.Item>
                  </Card>
                ))}
                <Button type="dashed" block disabled={steps.length >= APPROVAL_STEPS_MAX} onClick={() => add(NEW_STEP)} data-testid="approval-step-add">
                  {t('approvals.addStep')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form>
      )}
      <Space style={{ marginTop: 16 }}>
        <Button onClick={ed.back} data-testid="approval-flow-cancel">
          {t('common.cancel')}
        </Button>
        {ed.canSave ? (
          <Button type="primary" loading={ed.saving} onClick={() => void ed.submit(ApprovalFlowInsertSchema)} data-testid="approval-flow-submit">
            {t('common.save')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
