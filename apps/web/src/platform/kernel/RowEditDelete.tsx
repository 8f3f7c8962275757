import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RowEditDeleteProps {
  /** Shows the edit link (the caller checked the modify code). */
  canEdit: boolean;
  /** Shows the delete link (the caller checked the delete code). */
  canDelete: boolean;
  onEdit: () => void;
  /** Runs after the confirmation; a failure was already reported by the call. */
  onDelete: () => Promise<unknown>;
  /** Extra line of the confirmation (e.g. what the record is still used by). */
  deleteDescription?: string;
  testIds: { edit: string; delete: string; deleteOk: string };
  /** Keep clicks away from the row (rows that select on click). */
  stopPropagation?: boolean;
}

/** Edit and delete links of a table row, delete confirmed first; for tables outside CrudPage. */
export function RowEditDelete({ canEdit, canDelete, onEdit, onDelete, deleteDescription, testIds, stopPropagation }: RowEditDeleteProps) {
  const { t } = useTranslation();
  return (
    <Space size={0} onClick={stopPropagation ? (e) => e.stopPropagation() : undefined}>
      {canEdit ? (
        <Button type="link" size="small" onClick={onEdit} data-testid={testIds.edit}>
          {t('common.edit')}
        </Button>
      ) : null}
      {canDelete ? (
        <Popconfirm
          title={t('common.confirmTitle', { action: t('common.delete') })}
          description={deleteDescription}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': testIds.deleteOk }}
          onConfirm={() => onDelete().catch(() => undefined)}
        >
          <Button type="link" size="small" danger data-testid={testIds.delete}>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
