import { z } from 'zod';
import { isOneOf, keysOf, recordOf } from './typed.js';

/** Ant Design tag colours a state may wear (presets and status colours). */
export type LifecycleColor =
  'default' | 'success' | 'processing' | 'error' | 'warning' | 'blue' | 'green' | 'red' | 'orange' | 'gold' | 'purple' | 'cyan' | 'magenta' | 'geekblue' | 'volcano' | 'lime';

/** What a lifecycle declares: every part is data, so the server, the database and the web read the same table. */
export interface LifecycleDefinition<S extends string, C extends string> {
  /** Short name, used in messages and constraint names (`users`, `lecturer_certification`). */
  name: string;
  states: readonly [S, ...S[]];
  /** The state a new record starts in (the column default). */
  initial: S;
  /** One command per transition: the states it may start from and the state it leads to. */
  transitions: { readonly [K in C]: { readonly from: readonly S[]; readonly to: S } };
  /** States in which the record may be edited; every state when left out. */
  editable?: readonly S[];
  /** States in which the record may be deleted; every state when left out. */
  deletable?: readonly S[];
  /** Tag colour per state. */
  colors: { readonly [K in S]: LifecycleColor };
  /** i18n keys of the web catalogues: one per state (tag text), one per command (button text). */
  labels: { readonly states: { readonly [K in S]: string }; readonly commands: { readonly [K in C]: string } };
}

type Flags<K extends string> = { [P in K]: z.ZodBoolean };

/** `abilities` of a record: edit, delete and each command of the lifecycle. */
export type LifecycleAbilities<C extends string> = { [P in C | 'modify' | 'delete']: boolean };

export interface Lifecycle<S extends string, C extends string> extends LifecycleDefinition<S, C> {
  /** zod enum of the states (query filters, row types). */
  stateSchema: z.ZodEnum<{ [K in S]: K }>;
  /** zod object of the abilities this lifecycle alone decides (`modify`, `delete`, one flag per command). */
  abilitiesSchema: z.ZodObject<Flags<C | 'modify' | 'delete'>>;
  /** zod object of one flag per command (to merge into another entity's abilities). */
  commandsSchema: z.ZodObject<Flags<C>>;
  commands: readonly C[];
  isState(value: unknown): value is S;
  can(state: S, command: C): boolean;
  canEdit(state: S): boolean;
  canDelete(state: S): boolean;
  /** What the state allows; the server then removes what the caller's codes and its other rules refuse. */
  abilities(state: S): LifecycleAbilities<C>;
  /** One flag per command for this state. */
  commandAbilities(state: S): { [P in C]: boolean };
}

/**
 * Declares a lifecycle (states, transitions, editable/deletable states, colours, i18n keys) and
 * derives the guards, zod schemas and abilities from it. Unknown states named in transitions,
 * editable/deletable lists or the initial state are refused at definition time.
 */
export function defineLifecycle<const S extends string, const C extends string>(def: LifecycleDefinition<S, C>): Lifecycle<S, C> {
  const states: readonly S[] = def.states;
  const known = new Set<string>(states);
  const commands = keysOf(def.transitions);
  const check = (s: string, where: string) => {
    if (!known.has(s)) throw new Error(`lifecycle ${def.name}: unknown state "${s}" in ${where}`);
  };
  check(def.initial, 'initial');
  for (const c of commands) {
    const t = def.transitions[c];
    t.from.forEach((s) => check(s, `transition ${c}`));
    check(t.to, `transition ${c}`);
  }
  def.editable?.forEach((s) => check(s, 'editable'));
  def.deletable?.forEach((s) => check(s, 'deletable'));

  const can = (state: S, command: C) => def.transitions[command].from.includes(state);
  const canEdit = (state: S) => (def.editable ?? states).includes(state);
  const canDelete = (state: S) => (def.deletable ?? states).includes(state);
  const commandAbilities = (state: S): { [P in C]: boolean } => recordOf(commands, (c) => can(state, c));
  const flags = <K extends string>(keys: readonly K[]) => z.object(recordOf(keys, () => z.boolean()));

  return {
    ...def,
    commands,
    stateSchema: z.enum(def.states),
    abilitiesSchema: flags<C | 'modify' | 'delete'>(['modify', 'delete', ...commands]),
    commandsSchema: flags<C>(commands),
    isState: (value: unknown): value is S => typeof value === 'string' && known.has(value),
    can,
    canEdit,
    canDelete,
    commandAbilities,
    abilities: (state: S) => ({ modify: canEdit(state), delete: canDelete(state), ...commandAbilities(state) }),
  };
}

/** The states of a lifecycle, as a type. */
export type StateOf<L> = L extends Lifecycle<infer S, string> ? S : never;
/** The commands of a lifecycle, as a type. */
export type CommandOf<L> = L extends Lifecycle<string, infer C> ? C : never;

/** The freeze lifecycle shared by users, roles, organizations, learning groups and lecturers. */
export const FREEZE_TRANSITIONS = {
  freeze: { from: ['normal'], to: 'frozen' },
  unfreeze: { from: ['frozen'], to: 'normal' },
} as const;
export const FREEZE_STATES = ['normal', 'frozen'] as const;
export const FREEZE_COLORS = { normal: 'green', frozen: 'red' } as const;

/** A record of a normal/frozen lifecycle is frozen (its rows may still carry the state as plain text). */
export const isFrozen = (r: { status: string }) => r.status === 'frozen';

/** A normal/frozen lifecycle: `states` names the i18n keys of its two tags; the buttons say `common.freeze|unfreeze`. */
export function defineFreezeLifecycle(name: string, states: LifecycleDefinition<'normal' | 'frozen', never>['labels']['states']) {
  const labels = { states, commands: { freeze: 'common.freeze', unfreeze: 'common.unfreeze' } };
  return defineLifecycle({ name, states: FREEZE_STATES, initial: 'normal', transitions: FREEZE_TRANSITIONS, colors: FREEZE_COLORS, labels });
}

/** The publish lifecycle of assignments, exercises, courses and textbooks: draft → published ⇄ unpublished. */
export const PUBLISH_STATES = ['draft', 'published', 'unpublished'] as const;
export const PUBLISH_TRANSITIONS = {
  publish: { from: ['draft', 'unpublished'], to: 'published' },
  unpublish: { from: ['published'], to: 'unpublished' },
} as const;
export const PUBLISH_COLORS = { draft: 'default', published: 'green', unpublished: 'orange' } as const;
type PublishState = (typeof PUBLISH_STATES)[number];
type PublishCommand = keyof typeof PUBLISH_TRANSITIONS;
const PUBLISH_EDITABLE = ['draft', 'unpublished'] as const;

/**
 * A draft/published/unpublished lifecycle, edited only while not published. `i18n` is the catalogue
 * prefix: tags say `<i18n>.status_<state>`, buttons `<i18n>.publish|unpublish|offShelf`. `offShelf`
 * names a red end state reached by the `offShelf` command from published or unpublished.
 */
export function definePublishLifecycle(
  name: string,
  i18n: string,
  options: { deletable: readonly PublishState[]; offShelf?: undefined },
): Lifecycle<PublishState, PublishCommand>;
export function definePublishLifecycle<const O extends string>(
  name: string,
  i18n: string,
  options: { deletable: readonly PublishState[]; offShelf: O },
): Lifecycle<PublishState | O, PublishCommand | 'offShelf'>;
export function definePublishLifecycle<const O extends string>(
  name: string,
  i18n: string,
  options: { deletable: readonly PublishState[]; offShelf?: O },
): Lifecycle<PublishState, PublishCommand> | Lifecycle<PublishState | O, PublishCommand | 'offShelf'> {
  const labelsOf = <S extends string, C extends string>(states: readonly S[], commands: readonly C[]) => ({
    states: recordOf(states, (s) => `${i18n}.status_${s}`),
    commands: recordOf(commands, (c) => `${i18n}.${c}`),
  });
  const off = options.offShelf;
  if (off === undefined) {
    return defineLifecycle({
      name,
      states: PUBLISH_STATES,
      initial: 'draft',
      transitions: PUBLISH_TRANSITIONS,
      editable: PUBLISH_EDITABLE,
      deletable: options.deletable,
      colors: PUBLISH_COLORS,
      labels: labelsOf(PUBLISH_STATES, keysOf<PublishCommand>(PUBLISH_TRANSITIONS)),
    });
  }
  const states: readonly [PublishState | O, ...(PublishState | O)[]] = [...PUBLISH_STATES, off];
  const transitions = { ...PUBLISH_TRANSITIONS, offShelf: { from: ['published', 'unpublished'], to: off } } as const;
  return defineLifecycle<PublishState | O, PublishCommand | 'offShelf'>({
    name,
    states,
    initial: 'draft',
    transitions,
    editable: PUBLISH_EDITABLE,
    deletable: options.deletable,
    colors: recordOf(states, (s) => (isOneOf(PUBLISH_STATES, s) ? PUBLISH_COLORS[s] : 'red')),
    labels: labelsOf(states, keysOf<PublishCommand | 'offShelf'>(transitions)),
  });
}
