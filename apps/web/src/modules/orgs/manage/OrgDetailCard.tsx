import { useMutation } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_LIFECYCLE, type OrgDetail } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { freezeOrgs, unfreezeOrgs } from '../api';
import { useFeedback } from '../../../platform/feedback';

export interface OrgDetailCardProps {
  detail: OrgDetail | undefined;
  loading: boolean;
  userCount: number | undefined;
  mayAdd: boolean;
  onAddChild: (parentId: number) => void;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
  /** After a freeze or unfreeze (the caller refreshes the tree). */
  onChanged: () => Promise<unknown>;
}

/** The side panel's organization: its data and what the server's abilities allow (add a child, amend, freeze, delete). */
export function OrgDetailCard({ detail: d, loading, userCount, mayAdd, onAddChild, onEdit, onDelete, onChanged }: OrgDetailCardProps) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const status = useMutation({
    mutationFn: ({ id, freeze }: { id: number; freeze: boolean }) => (freeze ? freezeOrgs({ ids: [id] }) : unfreezeOrgs({ ids: [id] })),
    onSuccess: async () => {
      message.success(t('common.done'));
      await onChanged();
    },
  });
  const actions = d ? (
    <Space wrap>
      {mayAdd ? (
        <Button size="small" onClick={() => onAddChild(d.id)} data-testid="org-add-child">
          {t('tree.addOrg')}
        </Button>
      ) : null}
      {d.abilities.modify ? (
        <Button size="small" type="primary" onClick={() => onEdit(d.id)} data-testid="org-edit">
          {t('tree.amendOrg')}
        </Button>
      ) : null}
      {/* The server's abilities: the root never freezes. */}
      {d.abilities.freeze || d.abilities.unfreeze ? (
        <Button
          size="small"
          danger={!d.abilities.unfreeze}
          loading={status.isPending}
          data-testid={d.abilities.unfreeze ? 'org-unfreeze' : 'org-freeze'}
          onClick={() =>
            modal.confirm({
              title: t('common.confirmTitle', { action: t(d.abilities.unfreeze ? 'common.unfreeze' : 'common.freeze') }),
              content: d.abilities.unfreeze ? undefined : t('org.freezeHint'),
              okText: t('common.confirm'),
              cancelText: t('common.cancel'),
              okButtonProps: { danger: !d.abilities.unfreeze, 'data-testid': 'org-status-ok' },
              onOk: () => status.mutateAsync({ id: d.id, freeze: !d.abilities.unfreeze }),
            })
          }
        >
          {t(d.abilities.unfreeze ? 'common.unfreeze' : 'common.freeze')}
        </Button>
      ) : null}
      {/* The server's abilities: the root and organizations in use are not deleted. */}
      {d.abilities.delete ? (
        <Button size="small" danger onClick={() => onDelete(d.id)} data-testid="org-delete">
          {t('common.delete')}
        </Button>
      ) : null}
    </Space>
  ) : null;
  return (
    <Card size="small" title={d?.name ?? ''} data-testid="org-detail" loading={loading} extra={actions}>
      {d ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('org.name')}>{d.name}</Descriptions.Item>
          <Descriptions.Item label={t('org.code')}>{d.code ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('org.parent')}>{d.parentName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('org.leaders')}>
            {d.leaders.length ? d.leaders.map((l) => <Tag key={l.id}>{`${l.realname} (${l.username})`}</Tag>) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('org.userCount')}>{userCount ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('org.sort')}>{d.sort}</Descriptions.Item>
          <Descriptions.Item label={t('common.status')}>
            <LifecycleTag lifecycle={ORG_LIFECYCLE} state={d.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('common.createdAt')}>{formatTime(d.createdAt)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
