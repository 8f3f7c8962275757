import { useState, type ReactNode } from 'react';
import { Tag, type TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LEARNING_GROUP_KINDS, LEARNING_GROUP_LIFECYCLE, USER_LIFECYCLE } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

/** Paging and keyword of a people table (members, the picker): 10 rows a page; a new keyword starts again at page 1. */
export function usePeopleParams() {
  const [params, setParams] = useState<{ page: number; size: number; keyword?: string }>({ page: 1, size: 10 });
  return {
    params,
    setParams,
    search: (keyword: string) => setParams((p) => ({ ...p, page: 1, keyword: keyword.trim() || undefined })),
    turn: (pg: TablePaginationConfig) => setParams((p) => ({ ...p, page: pg.current ?? 1, size: pg.pageSize ?? p.size })),
  };
}

export const KIND_OPTIONS = LEARNING_GROUP_KINDS.map((v) => ({ value: v, labelKey: `learningGroups.kind_${v}` }));
export const STATUS_OPTIONS = lifecycleOptions(LEARNING_GROUP_LIFECYCLE);

export function GroupStatusTag({ status }: { status: string }) {
  return <LifecycleTag lifecycle={LEARNING_GROUP_LIFECYCLE} state={status} testId={`learning-group-status-${status}`} />;
}

export function GroupKindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'formal' ? 'blue' : 'default'}>{t(`learningGroups.kind_${kind}`, { defaultValue: kind })}</Tag>;
}

interface Person {
  username: string;
  realname: string;
  orgName: string | null;
  status: string;
}

/** The person columns of the members table and the user picker: user name (`username` renders it), real name, organization, account status. */
export function userColumns<R extends Person>(t: TFunction, username?: (r: R) => ReactNode) {
  return [
    { key: 'username', dataIndex: 'username', title: t('learningGroups.username'), render: username ? (_: unknown, r: R) => username(r) : undefined },
    { key: 'realname', dataIndex: 'realname', title: t('learningGroups.realname') },
    { key: 'orgName', dataIndex: 'orgName', title: t('learningGroups.org') },
    { key: 'status', dataIndex: 'status', title: t('common.status'), render: (_: unknown, r: R) => <LifecycleTag lifecycle={USER_LIFECYCLE} state={r.status} /> },
  ];
}
