import type { Lifecycle } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions, obeyAbilities } from '../lifecycle';
import type { ColumnSpec, CrudPageProps, FilterSpec } from './types';

/** The `status` column of a record with a lifecycle: its state's tag (test id `<testIdPrefix>-<state>` when given). */
export function statusColumn<R extends { status: string }, S extends string = string>(
  lifecycle: Lifecycle<S, string>,
  { testIdPrefix, titleKey = 'common.status' }: { testIdPrefix?: string; titleKey?: string } = {},
): ColumnSpec<R> {
  return {
    key: 'status',
    titleKey,
    render: (r) => <LifecycleTag lifecycle={lifecycle} state={r.status} testId={testIdPrefix ? `${testIdPrefix}-${r.status}` : undefined} />,
  };
}

/** The `status` filter of a lifecycle: a select of its states. */
export function statusFilter<S extends string>(lifecycle: Lifecycle<S, string>, more: Partial<FilterSpec> = {}): FilterSpec {
  return { name: 'status', labelKey: 'common.status', kind: 'select', options: lifecycleOptions(lifecycle), ...more };
}

type BatchCall = (input: { ids: number[] }) => Promise<unknown>;

/**
 * The CrudPage actions of records that are published and withdrawn: publish, unpublish and delete in
 * batch and per row, offered as each record's `abilities` allow; `labels` names the two buttons.
 */
export function publishableActions<R extends { id: number; abilities: object }>(
  batch: { delete: BatchCall; publish: BatchCall; unpublish: BatchCall },
  labels: { publish: string; unpublish: string },
): Pick<CrudPageProps<R>, 'batch' | 'rowBatch' | 'rowAllows' | 'labels'> {
  return { labels, batch, rowBatch: ['publish', 'unpublish', 'delete'], rowAllows: obeyAbilities<R>() };
}
