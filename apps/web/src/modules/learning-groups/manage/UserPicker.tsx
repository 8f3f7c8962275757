import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Modal, Segmented, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { peopleApi, type PeopleKind, type UserRow } from '../../users/index';
import { useCan } from '../../../platform/permission';
import { usePeopleParams, userColumns } from './group-meta';

interface Props {
  open: boolean;
  confirmLoading?: boolean;
  onCancel: () => void;
  onPick: (ids: number[]) => void;
}

/**
 * Picks users from the Users list (`/api/user/list`, employees) or the Students list, whichever the
 * caller manages (their data scope); the choice survives paging, searching and switching lists.
 */
export function UserPicker({ open, confirmLoading, onCancel, onPick }: Props) {
  const { t } = useTranslation();
  const { params, setParams, search, turn } = usePeopleParams();
  const [picked, setPicked] = useState<number[]>([]);
  const kinds = (
    [
      ['employee', useCan('yhgl')],
      ['student', useCan('xsgl')],
    ] as const
  )
    .filter(([, may]) => may)
    .map(([k]) => k);
  const [chosen, setKind] = useState<PeopleKind | null>(null);
  const kind = chosen ?? kinds[0] ?? 'employee';
  const users = useQuery({
    queryKey: ['user', 'picker', kind, params],
    queryFn: () => peopleApi(kind).find(params),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open={open}
      width={760}
      title={t('learningGroups.pickUsers')}
      okText={t('learningGroups.addPicked', { n: picked.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !picked.length, loading: confirmLoading, 'data-testid': 'learning-group-picker-ok' }}
      onOk={() => onPick(picked)}
      onCancel={onCancel}
      afterOpenChange={(o) => {
        if (!o) setPicked([]);
      }}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        {kinds.length > 1 ? (
          <Segmented
            value={kind}
            data-testid="learning-group-picker-kind"
            onChange={(k) => {
              setKind(k);
              setParams((p) => ({ ...p, page: 1 }));
            }}
            options={kinds.map((k) => ({ value: k, label: t(k === 'employee' ? 'perm.yhgl' : 'perm.xsgl') }))}
          />
        ) : null}
        <Input.Search allowClear placeholder={t('learningGroups.userKeyword')} style={{ width: 260 }} onSearch={search} data-testid="learning-group-picker-search" />
        {picked.length ? <span>{t('common.selectedCount', { n: picked.length })}</span> : null}
      </Space>
      <Table<UserRow>
        rowKey="id"
        size="small"
        data-testid="learning-group-picker"
        loading={users.isFetching}
        dataSource={users.data?.records ?? []}
        rowSelection={{ selectedRowKeys: picked, preserveSelectedRowKeys: true, onChange: (keys) => setPicked(keys.map(Number)) }}
        onChange={turn}
        pagination={{ current: params.page, pageSize: params.size, total: users.data?.total ?? 0, size: 'small', showTotal: (n) => t('common.total', { n }) }}
        columns={userColumns<UserRow>(t)}
      />
    </Modal>
  );
}
