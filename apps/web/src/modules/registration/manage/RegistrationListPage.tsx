import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { REGISTRATION_SORT_KEYS, type RegistrationRow, isOneOf } from '@hanlin/shared';
import { CrudPage, timeColumn, type ColumnSpec, type ExtraBatch, type FilterSpec, type ToolbarContext } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { approveRegistrations, findRegistrations } from '../api';
import { KIND_OPTIONS, RefuseDialog, RegistrationStatusTag, STATUS_OPTIONS } from '../components/registration-meta';

const sortable = (k: string) => isOneOf(REGISTRATION_SORT_KEYS, k);

function KindText({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`registration.kind_${kind}`)}</>;
}

const columns: ColumnSpec<RegistrationRow>[] = [
  { key: 'username', titleKey: 'registration.username', sortable: sortable('username'), render: (r) => <span data-testid="registration-row-username">{r.username}</span> },
  { key: 'realname', titleKey: 'registration.realname' },
  { key: 'kind', titleKey: 'registration.kind', render: (r) => <KindText kind={r.kind} /> },
  { key: 'orgName', titleKey: 'registration.org' },
  { key: 'phone', titleKey: 'registration.phone' },
  { key: 'email', titleKey: 'registration.email' },
  { key: 'status', titleKey: 'common.status', render: (r) => <RegistrationStatusTag status={r.status} /> },
  { key: 'reviewerName', titleKey: 'registration.reviewer' },
  timeColumn('createdAt', 'registration.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'registration-filter-keyword' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: STATUS_OPTIONS, testId: 'registration-filter-status' },
  { name: 'kind', labelKey: 'registration.kind', kind: 'select', options: KIND_OPTIONS },
];

const approve: ExtraBatch<RegistrationRow> = {
  key: 'approve',
  labelKey: 'registration.approve',
  perm: 'zcyh:approve',
  // The server's abilities: only pending registrations are decided, by holders of the code.
  row: (r) => r.abilities.approve,
  run: (ids) => approveRegistrations({ ids }),
};

function RowActions({ r, onRefuse }: { r: RegistrationRow; onRefuse: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        data-testid="registration-row-detail"
        onClick={() => void navigate(`/dashboard/${r.kind === 'student' ? 'registered-student-detail' : 'registered-user-detail'}?id=${r.id}`)}
      >
        {t('registration.detail')}
      </Button>
      {r.abilities.refuse ? (
        <Button type="link" size="small" danger data-testid="registration-row-refuse" onClick={() => onRefuse([r.id])}>
          {t('registration.refuse')}
        </Button>
      ) : null}
    </Space>
  );
}

interface Refusing {
  ids: number[];
  /** Clears the selection once refused. */
  done?: () => void;
}

/** Refusal needs a reason, so it opens a dialog instead of a confirmation. */
function RefuseSelected({ ctx, onRefuse }: { ctx: ToolbarContext<RegistrationRow>; onRefuse: (r: Refusing) => void }) {
  const { t } = useTranslation();
  const mayApprove = useCan('zcyh:approve');
  if (!mayApprove) return null;
  return (
    <Button danger disabled={!ctx.selected.length} data-testid="crud-batch-refuse" onClick={() => onRefuse({ ids: ctx.selected, done: ctx.clearSelection })}>
      {t('registration.refuse')}
    </Button>
  );
}

/** Registered users (`registered-user`, code zcyh): self-registrations awaiting approval, pending ones first shown. */
/** `registered-user` (employees) and `registered-student` (students): one list, one kind each. */
export default function RegistrationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = useLocation().pathname.includes('registered-student') ? 'student' : 'employee';
  const qc = useQueryClient();
  const [refusing, setRefusing] = useState<Refusing | null>(null);
  return (
    <>
      <CrudPage<RegistrationRow>
        testId="registration-page"
        titleKey="perm.zcyh"
        queryKey="registration"
        fetch={(p) => findRegistrations(p)}
        columns={columns}
        filters={filters.filter((f) => f.name !== 'kind')}
        extraFilters={{ kind }}
        defaultFilters={{ status: 'pending' }}
        extraBatch={[approve]}
        toolbar={(ctx) => (
          <>
            <RefuseSelected ctx={ctx} onRefuse={setRefusing} />
            <Segmented
              data-testid="registration-kind"
              value={kind}
              onChange={(v) => void navigate(`/dashboard/${v === 'student' ? 'registered-student' : 'registered-user'}`)}
              options={[
                { value: 'employee', label: t('registration.tabEmployees') },
                { value: 'student', label: t('registration.tabStudents') },
              ]}
            />
          </>
        )}
        extraRowActions={(r) => <RowActions r={r} onRefuse={(ids) => setRefusing({ ids })} />}
      />
      <RefuseDialog
        ids={refusing?.ids ?? null}
        onClose={(done) => {
          setRefusing(null);
          if (!done) return;
          refusing?.done?.();
          void qc.invalidateQueries({ queryKey: ['registration'] });
        }}
      />
    </>
  );
}
