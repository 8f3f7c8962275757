import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../platform/permission';
import { addLearningGroupMembers, findLearningGroupMembers, removeLearningGroupMembers, type LearningGroupMember } from '../api';
import { UserPicker } from './UserPicker';
import { usePeopleParams, userColumns } from './group-meta';
import { useFeedback } from '../../../platform/feedback';

/** Members of one group: paged and searchable, added through the user picker, removed singly or in batch. */
/** `canAdd`: the group's `abilities.addMembers` (a frozen group takes no new members). */
export function MembersPane({ groupId, canAdd }: { groupId: number; canAdd: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const canModify = useCan('xxqz:modify');
  const { params, search, turn } = usePeopleParams();
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);

  const members = useQuery({
    queryKey: ['learning-group', 'members', groupId, params],
    queryFn: () => findLearningGroupMembers({ id: groupId, ...params }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['learning-group'] });

  const add = useMutation({
    mutationFn: (userIds: number[]) => addLearningGroupMembers({ id: groupId, userIds }),
    onSuccess: async (r) => {
      message.success(t('learningGroups.added', { n: r.added }));
      setPicking(false);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (userIds: number[]) => removeLearningGroupMembers({ id: groupId, userIds }),
    onSuccess: async (r) => {
      message.success(t('learningGroups.removed', { n: r.removed }));
      setSelected([]);
      await refresh();
    },
  });

  const confirmBatchRemove = () =>
    modal.confirm({
      title: t('common.confirmTitle', { action: t('learningGroups.removeMembers') }),
      content: t('common.confirmCount', { n: selected.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'learning-group-remove-ok' },
      onOk: () => remove.mutateAsync(selected).catch(() => undefined),
    });

  return (
    <Card title={t('learningGroups.members')} data-testid="learning-group-members">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={t('learningGroups.userKeyword')} style={{ width: 240 }} onSearch={search} data-testid="learning-group-member-search" />
        {canModify ? (
          <>
            <Button type="primary" disabled={!canAdd} onClick={() => setPicking(true)} data-testid="learning-group-add-members">
              {t('learningGroups.addMembers')}
            </Button>
            <Button danger disabled={!selected.length} onClick={confirmBatchRemove} data-testid="learning-group-remove-members">
              {t('learningGroups.removeMembers')}
            </Button>
          </>
        ) : null}
        {selected.length ? <span>{t('common.selectedCount', { n: selected.length })}</span> : null}
      </Space>
      <Table<LearningGroupMember>
        rowKey="id"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.records ?? []}
        rowSelection={canModify ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        onChange={turn}
        pagination={{ current: params.page, pageSize: params.size, total: members.data?.total ?? 0, showSizeChanger: true, showTotal: (n) => t('common.total', { n }) }}
        columns={[
          ...userColumns<LearningGroupMember>(t, (r) => <span data-testid="learning-group-member-row">{r.username}</span>),
          ...(canModify
            ? [
                {
                  key: '__actions',
                  title: t('common.actions'),
                  render: (_: unknown, r: LearningGroupMember) => (
                    <Popconfirm
                      title={t('common.confirmTitle', { action: t('learningGroups.removeMember') })}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true, 'data-testid': 'learning-group-member-remove-ok' }}
                      onConfirm={() => remove.mutateAsync([r.id]).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger data-testid="learning-group-member-remove">
                        {t('learningGroups.removeMember')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <UserPicker open={picking} confirmLoading={add.isPending} onCancel={() => setPicking(false)} onPick={(ids) => add.mutate(ids)} />
    </Card>
  );
}
