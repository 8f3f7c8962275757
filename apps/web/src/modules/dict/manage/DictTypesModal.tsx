import { useState } from 'react';
import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTypeCreateSchema, DictTypeUpdateSchema, required, type DictTypeRow } from '@hanlin/shared';
import { EditModal, RowEditDelete, defineFields } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { useFeedback } from '../../../platform/feedback';
import { deleteDictTypes, insertDictType, updateDictType } from '../api';
import { useDictTypes } from '../components/useDictTypes';

const createFields = defineFields(DictTypeCreateSchema, [
  { name: 'code', labelKey: 'dict.typeCode', testId: 'dict-type-code' },
  { name: 'name', labelKey: 'dict.typeName', testId: 'dict-type-name' },
  { name: 'sort', labelKey: 'dict.sort', kind: 'number', testId: 'dict-type-sort' },
  { name: 'remark', labelKey: 'dict.remark', kind: 'textarea', testId: 'dict-type-remark' },
]);
const updateFields = defineFields(DictTypeUpdateSchema, [
  { name: 'name', labelKey: 'dict.typeName', testId: 'dict-type-name' },
  { name: 'sort', labelKey: 'dict.sort', kind: 'number', testId: 'dict-type-sort' },
  { name: 'remark', labelKey: 'dict.remark', kind: 'textarea', testId: 'dict-type-remark' },
]);

/** The dictionary types (add, rename, delete an empty one); entries are chosen under them. */
export function DictTypesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const canAdd = useCan('zdgl:add');
  const canModify = useCan('zdgl:modify');
  const canDelete = useCan('zdgl:delete');
  const { types, nameOf, refresh } = useDictTypes();
  const [editing, setEditing] = useState<DictTypeRow | 'new' | null>(null);
  const saved = () => {
    setEditing(null);
    void refresh();
  };

  return (
    <Modal open={open} title={t('dict.types')} onCancel={onClose} footer={null} width={720} data-testid="dict-types">
      {canAdd ? (
        <Button type="primary" style={{ marginBottom: 12 }} data-testid="dict-type-add" onClick={() => setEditing('new')}>
          {t('common.add')}
        </Button>
      ) : null}
      <Table<DictTypeRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={types}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('dict.typeCode') },
          { key: 'name', title: t('dict.typeName'), render: (_, r) => nameOf(r) },
          { key: 'entryCount', dataIndex: 'entryCount', title: t('dict.entryCount') },
          { key: 'sort', dataIndex: 'sort', title: t('dict.sort') },
          {
            key: 'ops',
            title: t('common.actions'),
            render: (_, r) => (
              <RowEditDelete
                canEdit={canModify && !r.builtin}
                canDelete={canDelete && !r.builtin && r.entryCount === 0}
                onEdit={() => setEditing(r)}
                onDelete={async () => {
                  await deleteDictTypes({ ids: [r.id] });
                  message.success(t('common.done'));
                  void refresh();
                }}
                testIds={{ edit: `dict-type-edit-${r.code}`, delete: `dict-type-delete-${r.code}`, deleteOk: 'dict-type-delete-ok' }}
              />
            ),
          },
        ]}
      />
      <EditModal
        open={editing === 'new'}
        title={t('common.add')}
        schema={DictTypeCreateSchema}
        fields={createFields}
        initialValues={{ sort: 0 }}
        onSubmit={(v) => insertDictType(v)}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
      <EditModal
        open={editing !== null && editing !== 'new'}
        title={t('common.edit')}
        schema={DictTypeUpdateSchema}
        fields={updateFields}
        initialValues={editing && editing !== 'new' ? editing : undefined}
        onSubmit={(v) => updateDictType({ ...v, id: required(editing !== 'new' ? editing : null, 'the type edited').id })}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
    </Modal>
  );
}
