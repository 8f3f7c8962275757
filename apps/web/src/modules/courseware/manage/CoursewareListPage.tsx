import { Suspense, useState } from 'react';
import { Button, Modal, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { COURSEWARE_SORT_KEYS, COURSEWARE_TYPES, coursewareRoutes, mediaSettled, type CoursewareRow } from '@hanlin/shared';
import { enumFilter, sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { defineCategoryTree, useFiledByCategory } from '../../../platform/components/CategoryTree';
import { MediaPreview, MediaStateTag } from '../../media/index';
import { ScormPlayer } from '../../scorm/index';
import { deleteCoursewares, findCoursewares } from '../api';
import { Measure, TypeTag } from './courseware-parts';

const sortable = sortableIn(COURSEWARE_SORT_KEYS);
const CategoryTree = defineCategoryTree({ name: 'courseware', permission: 'kjgl', queryKey: ['courseware', 'categories'], routes: coursewareRoutes });

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('courseware.yes') : t('courseware.no')}</>;
}

const columns: ColumnSpec<CoursewareRow>[] = [
  { key: 'name', titleKey: 'courseware.name', sortable: sortable('name'), render: (r) => <span data-testid="courseware-row-name">{r.name}</span> },
  { key: 'type', titleKey: 'courseware.type', render: (r) => <TypeTag type={r.type} /> },
  { key: 'categoryName', titleKey: 'courseware.category.name' },
  { key: 'labels', titleKey: 'courseware.labels', render: (r) => r.labels.map((l) => <Tag key={l}>{l}</Tag>) },
  { key: 'mobilePlay', titleKey: 'courseware.mobilePlay', render: (r) => <YesNo value={r.mobilePlay} /> },
  { key: 'download', titleKey: 'courseware.download', render: (r) => <YesNo value={r.download} /> },
  {
    key: 'media',
    titleKey: 'courseware.processing',
    render: (r) =>
      r.media ? (
        <Space size={4}>
          <MediaStateTag media={r.media} />
          <Measure media={r.media} />
        </Space>
      ) : null,
  },
  { key: 'uploaderName', titleKey: 'courseware.uploader' },
  timeColumn('createdAt', 'courseware.uploadedAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'courseware.name', testId: 'courseware-filter-keyword' },
  enumFilter('type', 'courseware.type', COURSEWARE_TYPES, 'courseware.types.'),
];

/** Preview: players of the media module for files, the SCORM player (context `courseware:<id>`) for packages. */
function Preview({ row, onClose }: { row: CoursewareRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { media } = row;
  const ready = media && mediaSettled(media);
  return (
    <Modal open title={row.name} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <Suspense fallback={<Spin />}>
        {row.scormPackageId ? (
          <ScormPlayer packageId={row.scormPackageId} contextKey={`courseware:${row.id}`} height="70vh" />
        ) : ready ? (
          <MediaPreview media={{ ...media, fileId: row.fileId }} />
        ) : (
          <span>{t('courseware.notReady')}</span>
        )}
      </Suspense>
    </Modal>
  );
}

/** Courseware library (`manage-courseware`, code kjgl): category tree on the left, the list with processing state, preview. */
export default function CoursewareListPage() {
  const { t } = useTranslation();
  const filed = useFiledByCategory<CoursewareRow>(CategoryTree, '/dashboard/add-courseware');
  const [previewing, setPreviewing] = useState<CoursewareRow | null>(null);
  return (
    <>
      <CrudPage<CoursewareRow>
        testId="courseware-page"
        titleKey="perm.kjgl"
        queryKey="courseware"
        fetch={(p) => findCoursewares(p)}
        columns={columns}
        filters={filters}
        menu="kjgl"
        batch={{ delete: deleteCoursewares }}
        {...filed}
        sideWidth={300}
        extraRowActions={(r) =>
          r.abilities.preview ? (
            <Button size="small" type="link" data-testid="courseware-preview" onClick={() => setPreviewing(r)}>
              {t('courseware.preview')}
            </Button>
          ) : null
        }
      />
      {previewing && <Preview row={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
