import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lifecycle } from '@hanlin/shared';

/** A state as a tag: the lifecycle's colour and translated label (an unknown value shows as is). */
export function LifecycleTag<S extends string>({ lifecycle, state, testId }: { lifecycle: Lifecycle<S, string>; state: string; testId?: string }) {
  const { t } = useTranslation();
  const known = lifecycle.isState(state);
  return (
    <Tag color={known ? lifecycle.colors[state] : 'default'} data-testid={testId}>
      {known ? t(lifecycle.labels.states[state]) : state}
    </Tag>
  );
}

/** Options of a status filter: one per state, labelled by the lifecycle's keys. */
export const lifecycleOptions = <S extends string>(lifecycle: Lifecycle<S, string>) => lifecycle.states.map((s) => ({ value: s, labelKey: lifecycle.labels.states[s] }));

/**
 * A CrudPage `rowAllows` obeying the server's `abilities`: the kernel's action names are looked up
 * (through `alias` where the ability is named otherwise, e.g. `{ publish: 'release' }`); an
 * action the abilities do not name is not offered.
 */
export function obeyAbilities<R extends { abilities: object }>(alias: Record<string, string> = {}) {
  return (r: R, action: string): boolean => Reflect.get(r.abilities, alias[action] ?? action) === true;
}
