import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEACHER_LEVELS_MAX, TeacherLevelInsertSchema, type TeacherLevel } from '@hanlin/shared';
import { EditModal, RowEditDelete, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { deleteTeacherLevel, getTeacherLevels, insertTeacherLevel, updateTeacherLevel } from '../api';
import { useFeedback } from '../../../platform/feedback';

const fields: FieldSpec[] = [
  { name: 'name', labelKey: 'lecturer.levelName', testId: 'level-name' },
  { name: 'sort', labelKey: 'lecturer.levelSort', kind: 'number', testId: 'level-sort' },
];

export function useTeacherLevels() {
  return useQuery({ queryKey: ['teacher-level'], queryFn: getTeacherLevels, staleTime: 10_000 });
}

/** Teacher levels: at most 10, name ≤ 20 characters; a level with lecturers cannot be deleted. */
export function TeacherLevelsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<TeacherLevel | 'new' | null>(null);
  const mayAdd = useCan('jsgl:add');
  const mayModify = useCan('jsgl:modify');
  const mayDelete = useCan('jsgl:delete');
  const levels = useTeacherLevels();
  const list = levels.data ?? [];
  const full = list.length >= TEACHER_LEVELS_MAX;

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['teacher-level'] });
    await qc.invalidateQueries({ queryKey: ['lecturer'] });
  };

  const remove = useMutation({
    mutationFn: (id: number) => deleteTeacherLevel({ id }),
    onSuccess: async () => {
      message.success(t('common.done'));
      await refresh();
    },
  });

  return (
    <Drawer open={open} onClose={onClose} title={t('lecturer.levels')} size="large" destroyOnHidden data-testid="level-drawer">
      <Space style={{ marginBottom: 12 }}>
        {mayAdd ? (
          <Button type="primary" disabled={full} onClick={() => setEditing('new')} data-testid="level-add">
            {t('common.add')}
          </Button>
        ) : null}
      </Space>
      {full ? <Alert type="info" showIcon message={t('lecturer.levelsFull', { n: TEACHER_LEVELS_MAX })} style={{ marginBottom: 12 }} /> : null}
      <Table<TeacherLevel>
        rowKey="id"
        size="small"
        loading={levels.isFetching}
        dataSource={list}
        pagination={false}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('lecturer.levelName'), render: (v: string) => <span data-testid="level-row-name">{v}</span> },
          { key: 'sort', dataIndex: 'sort', title: t('lecturer.levelSort') },
          { key: 'lecturerCount', dataIndex: 'lecturerCount', title: t('lecturer.levelCount') },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, r: TeacherLevel) => (
              <RowEditDelete
                canEdit={mayModify}
                canDelete={mayDelete}
                onEdit={() => setEditing(r)}
                onDelete={() => remove.mutateAsync(r.id)}
                deleteDescription={r.lecturerCount ? t('lecturer.levelInUse', { n: r.lecturerCount }) : undefined}
                testIds={{ edit: 'level-row-edit', delete: 'level-row-delete', deleteOk: 'level-delete-ok' }}
              />
            ),
          },
        ]}
      />
      <EditModal
        open={editing !== null}
        title={t(editing === 'new' ? 'lecturer.levelAdd' : 'lecturer.levelEdit')}
        schema={TeacherLevelInsertSchema}
        fields={fields}
        initialValues={editing && editing !== 'new' ? { name: editing.name, sort: editing.sort } : { sort: list.length + 1 }}
        onSubmit={(v) => (editing && editing !== 'new' ? updateTeacherLevel({ id: editing.id, ...v }) : insertTeacherLevel(v))}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
        onCancel={() => setEditing(null)}
        testId="level-form"
        submitTestId="level-submit"
        saveErrors={{ report: true }}
      />
    </Drawer>
  );
}
