import { Checkbox, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Approver } from '@hanlin/shared';
import { CandidateSelect } from './CandidateSelect';

/** An approver as the editor holds it: the saved flow's name beside the id. */
export type ApproverValue = Approver & { label?: string | null };

const namesOf = (value: readonly ApproverValue[], kind: 'user' | 'role') =>
  new Map(
    value.flatMap((a) => {
      if (!a.label) return [];
      if (a.kind === 'user' && kind === 'user') return [[a.userId, a.label] as const];
      if (a.kind === 'role' && kind === 'role') return [[a.roleId, a.label] as const];
      return [];
    }),
  );

/** A step's approvers: named users (in order), holders of roles, the applicant's direct leader, their organization's leaders. */
export function ApproverInput({ value = [], onChange, testId }: { value?: ApproverValue[]; onChange?: (v: ApproverValue[]) => void; testId: string }) {
  const { t } = useTranslation();
  const userIds = value.flatMap((a) => (a.kind === 'user' ? [a.userId] : []));
  const roleIds = value.flatMap((a) => (a.kind === 'role' ? [a.roleId] : []));
  const has = (kind: 'leader' | 'orgLeader') => value.some((a) => a.kind === kind);
  const build = (next: { users?: [number[], Map<number, string>]; roles?: [number[], Map<number, string>]; leader?: boolean; orgLeader?: boolean }) => {
    const users = next.users ?? [userIds, namesOf(value, 'user')];
    const roles = next.roles ?? [roleIds, namesOf(value, 'role')];
    onChange?.([
      ...users[0].map((userId) => ({ kind: 'user' as const, userId, label: users[1].get(userId) ?? null })),
      ...roles[0].map((roleId) => ({ kind: 'role' as const, roleId, label: roles[1].get(roleId) ?? null })),
      ...((next.leader ?? has('leader')) ? [{ kind: 'leader' as const }] : []),
      ...((next.orgLeader ?? has('orgLeader')) ? [{ kind: 'orgLeader' as const }] : []),
    ]);
  };
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <CandidateSelect kind="user" testId={`${testId}-users`} value={userIds} known={namesOf(value, 'user')} onChange={(ids, names) => build({ users: [ids, names] })} />
      <CandidateSelect kind="role" testId={`${testId}-roles`} value={roleIds} known={namesOf(value, 'role')} onChange={(ids, names) => build({ roles: [ids, names] })} />
      <Flex gap={16}>
        <Checkbox data-testid={`${testId}-leader`} checked={has('leader')} onChange={(e) => build({ leader: e.target.checked })}>
          {t('approvals.approver_leader')}
        </Checkbox>
        <Checkbox data-testid={`${testId}-orgLeader`} checked={has('orgLeader')} onChange={(e) => build({ orgLeader: e.target.checked })}>
          {t('approvals.approver_orgLeader')}
        </Checkbox>
      </Flex>
    </Flex>
  );
}
