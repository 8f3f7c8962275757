import { useMemo, useState } from 'react';
import { Button, Flex } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LECTURER_SORT_KEYS, type LecturerRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, ImportDialog, type ColumnSpec, type FilterSpec, type ListParams } from '../../../platform/kernel';
import { obeyAbilities } from '../../../platform/lifecycle';
import { useCan } from '../../../platform/permission';
import { saveDownload } from '../../../platform/api/client';
import {
  certifyLecturers,
  deleteLecturers,
  downloadLecturerImportErrors,
  downloadLecturerTemplate,
  exportLecturers,
  findLecturers,
  freezeLecturers,
  importLecturers,
  unfreezeLecturers,
} from '../api';
import { TeacherLevelsDrawer, useTeacherLevels } from '../components/TeacherLevelsDrawer';
import { CERTIFIED_OPTIONS, CertifiedTag, KIND_OPTIONS, KindText, LecturerStatusTag, STATUS_OPTIONS, yuan } from '../components/lecturer-meta';

const sortable = sortableIn(LECTURER_SORT_KEYS);

const columns: ColumnSpec<LecturerRow>[] = [
  { key: 'realname', titleKey: 'lecturer.realname', sortable: sortable('realname'), render: (r) => <span data-testid="lecturer-row-name">{r.realname}</span> },
  { key: 'username', titleKey: 'lecturer.username', sortable: sortable('username') },
  { key: 'kind', titleKey: 'lecturer.kind', render: (r) => <KindText kind={r.kind} /> },
  { key: 'orgName', titleKey: 'lecturer.org' },
  { key: 'unit', titleKey: 'lecturer.unit' },
  { key: 'title', titleKey: 'lecturer.title' },
  { key: 'levelName', titleKey: 'lecturer.level' },
  { key: 'feeFen', titleKey: 'lecturer.fee', sortable: sortable('feeFen'), render: (r) => yuan(r.feeFen) },
  { key: 'certified', titleKey: 'lecturer.certified', render: (r) => <CertifiedTag certified={r.certified} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <LecturerStatusTag status={r.status} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

/** A row offers what the server's `abilities` allow (status, certification, codes). */
const rowAllows = obeyAbilities<LecturerRow>();

const toQuery = (p: ListParams) => findLecturers(p);

/** Template download and import dialog (jsgl:import); refreshes the list after an import. */
function ImportButtons({ refresh }: { refresh: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useCan('jsgl:import')) return null;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void downloadLecturerTemplate().then(saveDownload)} data-testid="lecturer-template">
        {t('lecturer.template')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="lecturer-import">
        {t('lecturer.import')}
      </Button>
      <ImportDialog
        open={open}
        title={t('lecturer.importTitle')}
        testId="lecturer-import"
        upload={importLecturers}
        downloadTemplate={downloadLecturerTemplate}
        downloadErrors={downloadLecturerImportErrors}
        fieldLabel={(f) => t(`lecturer.importFieldName.${f}`, { defaultValue: f })}
        reasonLabel={(r) => t(`lecturer.importReasonText.${r}`, { defaultValue: r })}
        onClose={(imported) => {
          setOpen(false);
          if (imported) refresh();
        }}
      />
    </>
  );
}

function ViewLink({ r }: { r: LecturerRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" data-testid="lecturer-row-view" onClick={() => void navigate(`/dashboard/view-lecturer?id=${r.id}`)}>
      {t('lecturer.view')}
    </Button>
  );
}

/** Lecturers (`manage-lecturer`, code jsgl): list, batch freeze and certification, teacher levels. */
export default function LecturerListPage() {
  const { t } = useTranslation();
  const [levelsOpen, setLevelsOpen] = useState(false);
  const levels = useTeacherLevels();
  const canLevels = useCan('jsgl');
  const filters = useMemo<FilterSpec[]>(
    () => [
      { name: 'keyword', labelKey: 'common.keyword', testId: 'lecturer-filter-keyword' },
      { name: 'kind', labelKey: 'lecturer.kind', kind: 'select', options: KIND_OPTIONS },
      { name: 'status', labelKey: 'common.status', kind: 'select', options: STATUS_OPTIONS },
      { name: 'certified', labelKey: 'lecturer.certified', kind: 'boolean', options: CERTIFIED_OPTIONS },
      // Level names are data, not catalogue keys: i18next returns an unknown key as is.
      { name: 'levelId', labelKey: 'lecturer.level', kind: 'select', options: (levels.data ?? []).map((l) => ({ value: l.id, labelKey: l.name })) },
    ],
    [levels.data],
  );
  return (
    <>
      {canLevels ? (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Button onClick={() => setLevelsOpen(true)} data-testid="lecturer-levels">
            {t('lecturer.levels')}
          </Button>
        </Flex>
      ) : null}
      <CrudPage<LecturerRow>
        testId="lecturer-page"
        titleKey="perm.jsgl"
        queryKey="lecturer"
        fetch={toQuery}
        columns={columns}
        filters={filters}
        menu="jsgl"
        toolbar={(ctx) => <ImportButtons refresh={ctx.refresh} />}
        exportFile={(q) => exportLecturers(q)}
        batch={{
          delete: deleteLecturers,
          freeze: freezeLecturers,
          unfreeze: unfreezeLecturers,
        }}
        extraBatch={[
          { key: 'certify', labelKey: 'lecturer.certify', perm: 'jsgl:approve', run: (ids) => certifyLecturers({ ids, certified: true }), row: (r) => r.abilities.certify },
          {
            key: 'uncertify',
            labelKey: 'lecturer.uncertify',
            perm: 'jsgl:approve',
            run: (ids) => certifyLecturers({ ids, certified: false }),
            row: (r) => r.abilities.uncertify,
          },
        ]}
        rowBatch={['freeze', 'unfreeze', 'delete']}
        rowAllows={rowAllows}
        extraRowActions={(r) => <ViewLink r={r} />}
        form={{ addPath: '/dashboard/add-lecturer', editPath: (r) => `/dashboard/add-lecturer?id=${r.id}` }}
      />
      <TeacherLevelsDrawer open={levelsOpen} onClose={() => setLevelsOpen(false)} />
    </>
  );
}
