import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_ENROLMENT_REASON_MAX, TRAIN_ENROLMENT_SORT_KEYS, type TrainEnrolmentRow } from '@hanlin/shared';
import { CrudPage, RowActions, sortableIn, timeColumn, type ColumnSpec, type CrudPageProps, type FilterSpec, type RowAction } from '../../../platform/kernel';
import { useFeedback } from '../../../platform/feedback';
import { errorText } from '../../../platform/api/beyond';
import { cancelEnrolments, decideEnrolments, findEnrolments } from '../api';
import { EnrolmentStateTag, STATE_OPTIONS } from './enrolment-meta';

const sortable = sortableIn(TRAIN_ENROLMENT_SORT_KEYS);

/** The columns of a sign-up list: the class (when it spans several), the person, state, queue, source, reason, time. */
function enrolmentColumns(withClass: boolean, pending: boolean): ColumnSpec<TrainEnrolmentRow>[] {
  const all: ColumnSpec<TrainEnrolmentRow>[] = [
    ...(withClass ? [{ key: 'className', titleKey: 'trainEnrolments.class' } as const] : []),
    { key: 'realname', titleKey: 'trainEnrolments.person', sortable: sortable('realname'), render: (r) => <span data-testid="enrolment-row-name">{r.realname}</span> },
    { key: 'username', titleKey: 'trainEnrolments.username' },
    { key: 'orgName', titleKey: 'trainEnrolments.org' },
    { key: 'state', titleKey: 'common.status', render: (r) => <EnrolmentStateTag state={r.state} /> },
    { key: 'queuePosition', titleKey: 'trainEnrolments.queuePosition', sortable: sortable('queueSeq') },
    { key: 'source', titleKey: 'trainEnrolments.source', render: (r) => <TranslatedSource source={r.source} /> },
    { key: 'reason', titleKey: 'trainEnrolments.reason', ellipsis: true, priority: 'medium' },
    { key: 'reRegistrations', titleKey: 'trainEnrolments.reRegistrations', priority: 'low' },
    timeColumn('createdAt', 'trainEnrolments.signedUpAt', sortable),
  ];
  // A pending sign-up has no place in the queue and no reason yet.
  return pending ? all.filter((c) => c.key !== 'queuePosition' && c.key !== 'reason') : all;
}

function TranslatedSource({ source }: { source: TrainEnrolmentRow['source'] }) {
  const { t } = useTranslation();
  return <>{t(`trainEnrolments.source_${source}`)}</>;
}

const FILTERS: FilterSpec[] = [
  { name: 'keyword', labelKey: 'trainEnrolments.keyword', testId: 'enrolment-filter-keyword' },
  { name: 'state', labelKey: 'common.status', kind: 'select', options: STATE_OPTIONS, testId: 'enrolment-filter-state' },
];

/** The actions a sign-up list may offer on a row; each shows where the row's abilities allow it. */
export type EnrolmentAction = 'cancel' | 'approve' | 'refuse';
type ReasonAction = Exclude<EnrolmentAction, 'approve'>;

/** Cancelling and refusing send the reason the person is told (a seat freed by a cancellation goes to the first in the queue). */
const REASONED: Record<ReasonAction, { titleKey: string; okKey: string; send: (ids: number[], reason: string) => Promise<unknown> }> = {
  cancel: { titleKey: 'trainEnrolments.cancelTitle', okKey: 'trainEnrolments.cancel', send: (ids, reason) => cancelEnrolments({ ids, reason }) },
  refuse: { titleKey: 'trainEnrolments.refuse', okKey: 'trainEnrolments.refuse', send: (ids, comment) => decideEnrolments({ ids, decision: 'refuse', comment }) },
};

/** Asks for the reason of a cancellation or refusal of `ids` (test ids `enrolment-<action>-reason` / `-ok`). */
function ReasonDialog({ action, ids, onClose }: { action: ReasonAction; ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const texts = REASONED[action];
  return (
    <Modal
      open={ids.length > 0}
      destroyOnHidden
      title={t(texts.titleKey, { n: ids.length })}
      okText={t(texts.okKey)}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy, 'data-testid': `enrolment-${action}-ok` }}
      onCancel={onClose}
      afterOpenChange={(o) => !o && setReason('')}
      onOk={async () => {
        setBusy(true);
        try {
          await texts.send(ids, reason.trim());
          message.success(t('common.done'));
          await qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
          onClose();
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input.TextArea
        rows={3}
        value={reason}
        maxLength={TRAIN_ENROLMENT_REASON_MAX}
        showCount
        placeholder={t('trainEnrolments.reasonPlaceholder')}
        onChange={(e) => setReason(e.target.value)}
        data-testid={`enrolment-${action}-reason`}
      />
    </Modal>
  );
}

export interface EnrolmentTableProps {
  testId: string;
  titleKey: string;
  /** Menu whose action codes the list obeys (`pxapgl` classes, `pxbmsp` enrolment approval). */
  menu: string;
  /** One class's sign-ups, without the class column; every class in the caller's scope when absent. */
  classId?: number;
  /** Pending sign-ups only: no state filter, no queue or reason column. */
  pending?: boolean;
  /** Row actions (test ids `enrolment-row-<action>`); cancel and refuse ask for the reason first, approve confirms. */
  actions?: readonly EnrolmentAction[];
  /** Shown on each row after its actions (a link to the class's roster). */
  rowExtra?: (row: TrainEnrolmentRow) => ReactNode;
  defaultSort?: string;
  exportFile?: CrudPageProps<TrainEnrolmentRow>['exportFile'];
  toolbar?: ReactNode;
}

/**
 * The one list of sign-ups (a class's roster, every sign-up in scope, the pending ones of enrolment approval):
 * the same columns, filters and row actions wherever it shows.
 */
export function EnrolmentTable({ testId, titleKey, menu, classId, pending = false, actions = [], rowExtra, defaultSort, exportFile, toolbar }: EnrolmentTableProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [asking, setAsking] = useState<{ action: ReasonAction; ids: number[] }>({ action: 'cancel', ids: [] });
  const approve = async (r: TrainEnrolmentRow) => {
    try {
      await decideEnrolments({ ids: [r.id], decision: 'approve', comment: '' });
      message.success(t('common.done'));
      await qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const rowActionOf: Record<EnrolmentAction, RowAction<TrainEnrolmentRow>> = {
    approve: { key: 'approve', label: t('trainEnrolments.approve'), confirm: true, run: approve, testId: 'enrolment-row-approve' },
    refuse: { key: 'refuse', label: t('trainEnrolments.refuse'), danger: true, run: (r) => setAsking({ action: 'refuse', ids: [r.id] }), testId: 'enrolment-row-refuse' },
    cancel: { key: 'cancel', label: t('trainEnrolments.cancel'), danger: true, run: (r) => setAsking({ action: 'cancel', ids: [r.id] }), testId: 'enrolment-row-cancel' },
  };
  const rowActions = actions.map((a) => rowActionOf[a]);
  const extraFilters = { ...(classId ? { classId } : {}), ...(pending ? { state: 'pending' } : {}) };
  return (
    <>
      <CrudPage<TrainEnrolmentRow>
        testId={testId}
        titleKey={titleKey}
        queryKey="trainEnrolment"
        fetch={(p) => findEnrolments(p)}
        extraFilters={Object.keys(extraFilters).length ? extraFilters : undefined}
        columns={enrolmentColumns(!classId, pending)}
        filters={pending ? FILTERS.filter((f) => f.name !== 'state') : FILTERS}
        menu={menu}
        selectable={false}
        defaultSort={defaultSort}
        exportFile={exportFile}
        extraRowActions={(r) => (
          <>
            {rowActions.length ? <RowActions record={r} actions={rowActions} /> : null}
            {rowExtra?.(r)}
          </>
        )}
        toolbar={toolbar ? () => toolbar : undefined}
      />
      <ReasonDialog action={asking.action} ids={asking.ids} onClose={() => setAsking((a) => ({ ...a, ids: [] }))} />
    </>
  );
}
