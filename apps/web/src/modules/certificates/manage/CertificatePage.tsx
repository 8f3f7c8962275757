import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { choiceFilter, pictureColumn, sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { saveDownload } from '../../../platform/api/client';
import { CERTIFICATE_ISSUED_SORT_KEYS, CERTIFICATE_SORT_KEYS, type CertificateIssuedRow, type CertificateTemplateRow } from '@hanlin/shared';
import { deleteCertificateTemplates, downloadIssuedCertificate, findCertificateTemplates, findIssuedCertificates, revokeCertificates } from '../api';
import { CertificateSourceTag, CertificateStatusTag, STATUS_OPTIONS, ValidityText, day } from '../certificate-meta';

const sortable = sortableIn(CERTIFICATE_SORT_KEYS);
const issuedSortable = sortableIn(CERTIFICATE_ISSUED_SORT_KEYS);

const templateColumns: ColumnSpec<CertificateTemplateRow>[] = [
  pictureColumn<CertificateTemplateRow>('thumbnailUrl', 'certificate.thumbnail', (r) => r.thumbnailUrl, { width: 72, height: 48, column: 96 }),
  { key: 'name', titleKey: 'certificate.name', sortable: sortable('name'), render: (r) => <span data-testid="certificate-row-name">{r.name}</span> },
  { key: 'authority', titleKey: 'certificate.authority' },
  { key: 'orgName', titleKey: 'certificate.org' },
  { key: 'validityMonths', titleKey: 'certificate.validity', render: (r) => <ValidityText months={r.validityMonths} /> },
  { key: 'issuedCount', titleKey: 'certificate.issuedCount' },
  { key: 'creatorName', titleKey: 'certificate.creator' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const templateFilters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'certificate-filter-keyword' },
  choiceFilter('validity', 'certificate.validity', [
    ['permanent', 'certificate.permanent'],
    ['limited', 'certificate.limited'],
  ]),
];

function TemplatesTab() {
  return (
    <CrudPage<CertificateTemplateRow>
      testId="certificate-template-page"
      titleKey="certificate.templates"
      queryKey="certificate"
      fetch={(p) => findCertificateTemplates(p)}
      columns={templateColumns}
      filters={templateFilters}
      menu="zsgl"
      batch={{ delete: deleteCertificateTemplates }}
      rowAllows={(r, action) => (action === 'delete' ? r.abilities.delete : action === 'modify' ? r.abilities.modify : true)}
      form={{ addPath: '/dashboard/add-certificate', editPath: (r) => `/dashboard/add-certificate?id=${r.id}` }}
    />
  );
}

function DownloadButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      type="link"
      loading={busy}
      data-testid="certificate-issued-download"
      onClick={() => {
        setBusy(true);
        downloadIssuedCertificate({ id })
          .then(saveDownload)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('certificate.download')}
    </Button>
  );
}

const issuedColumns: ColumnSpec<CertificateIssuedRow>[] = [
  { key: 'number', titleKey: 'certificate.number', sortable: issuedSortable('id'), render: (r) => <span data-testid="certificate-issued-number">{r.number}</span> },
  { key: 'realname', titleKey: 'certificate.holder', render: (r) => `${r.realname} (${r.username})` },
  { key: 'orgName', titleKey: 'certificate.org' },
  { key: 'templateName', titleKey: 'certificate.name' },
  {
    key: 'sourceTitle',
    titleKey: 'certificate.source',
    render: (r) => (
      <>
        <CertificateSourceTag kind={r.sourceKind} />
        {r.sourceTitle}
      </>
    ),
  },
  { key: 'issuedAt', titleKey: 'certificate.issuedAt', sortable: issuedSortable('issuedAt'), render: (r) => day(r.issuedAt) },
  { key: 'expiresAt', titleKey: 'certificate.expiresAt', sortable: issuedSortable('expiresAt'), render: (r) => <ExpiryText iso={r.expiresAt} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <CertificateStatusTag status={r.status} /> },
];

function ExpiryText({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  return <>{iso ? day(iso) : t('certificate.permanent')}</>;
}

function IssuedTab() {
  // The template filter offers the templates by name.
  const templates = useQuery({ queryKey: ['certificate', 'options'], queryFn: () => findCertificateTemplates({ page: 1, size: 500, sort: 'name' }) });
  const templateOptions = (templates.data?.records ?? []).map((r) => ({ value: r.id, labelKey: '', label: r.name }));
  return (
    <CrudPage<CertificateIssuedRow>
      testId="certificate-issued-page"
      titleKey="certificate.issued"
      queryKey="certificate-issued"
      fetch={(p) => findIssuedCertificates(p)}
      columns={issuedColumns}
      filters={[
        { name: 'keyword', labelKey: 'certificate.issuedKeyword', testId: 'certificate-issued-keyword' },
        { name: 'templateId', labelKey: 'certificate.name', kind: 'select', options: templateOptions, searchable: true, width: 200 },
        { name: 'status', labelKey: 'common.status', kind: 'select', options: STATUS_OPTIONS },
      ]}
      menu="zsgl"
      extraBatch={[
        {
          key: 'revoke',
          labelKey: 'certificate.revoke',
          run: (ids) => revokeCertificates({ ids }),
          perm: 'zsgl:delete',
          danger: true,
          row: (r) => r.abilities.revoke,
        },
      ]}
      extraRowActions={(r) => <DownloadButton id={r.id} />}
    />
  );
}

/** Certificates (`manage-certificate`, code zsgl): templates, and the certificates issued from them. */
export default function CertificatePage() {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="certificate-page"
      items={[
        { key: 'templates', label: t('certificate.templates'), children: <TemplatesTab /> },
        { key: 'issued', label: t('certificate.issued'), children: <IssuedTab /> },
      ]}
    />
  );
}
