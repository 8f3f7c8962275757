import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  QUESTIONNAIRE_TEXT_MAX,
  QUESTIONNAIRE_TEXTAREA_MAX,
  QuestionnaireItemSchema,
  QuestionnaireItemsSchema,
  type ItemCondition,
  type QuestionnaireItem,
  type QuestionnaireItemInput,
  type QuestionnaireItemKind,
  required,
} from '@hanlin/shared';
import { issueText } from '../../../platform/forms/zod-rules';

/**
 * One item as the editor's form holds it: the fields of every kind side by side, so switching an
 * item's kind keeps what was typed. `itemOf` turns it into the shared item the server validates.
 */
export interface ItemDraft {
  key: string;
  kind: QuestionnaireItemKind;
  title?: string;
  description?: string;
  required?: boolean;
  options?: string[];
  allowOther?: boolean;
  minPicks?: number | null;
  maxPicks?: number | null;
  maxLength?: number | null;
  scale?: number;
  rows?: string[];
  columns?: string[];
  min?: number | null;
  max?: number | null;
  integer?: boolean;
  /** Shown only when an earlier choice item's answer picked one of `anyOf` (unset: always shown). */
  condition?: Partial<ItemCondition> | null;
}

/** The form field holding the drafts (`QuestionnaireItemsEditor`). */
export const ITEMS_FIELD = 'items';
/** The values of a form holding the drafts. */
export interface ItemsValues {
  [ITEMS_FIELD]?: ItemDraft[];
}

/** The kinds offered in the editor, in the order of the "add" menu (section headers last). */
export const EDITOR_KINDS: readonly QuestionnaireItemKind[] = ['single', 'multiple', 'text', 'textarea', 'rating', 'matrix', 'number', 'date', 'section'];
export const CHOICE_KINDS: readonly QuestionnaireItemKind[] = ['single', 'multiple'];

/** The shared schema of one kind's item (for the rules of its fields). */
export function kindSchema(kind: QuestionnaireItemKind) {
  return required(
    QuestionnaireItemSchema.options.find((o) => o.shape.kind.value === kind),
    `the schema of ${kind} items`,
  );
}
let labelCache: z.ZodObject<{ label: z.ZodString }> | undefined;
/** An option, matrix row or column label, as the shared schema checks it (built on first use: importing this file runs nothing). */
export const labelSchema = () => (labelCache ??= z.object({ label: QuestionnaireItemSchema.options[1].shape.options.element }));

/** A key no other item has (`q1`, `q2`, …); keys stay with their item through reordering, so conditions keep pointing at it. */
export function newKey(items: readonly Pick<ItemDraft, 'key'>[]): string {
  const used = new Set(items.map((i) => i.key));
  let n = items.length + 1;
  while (used.has(`q${n}`)) n += 1;
  return `q${n}`;
}

/** A new item of a kind; matrix columns start with the Likert scale of the reader's language. */
export function newDraft(kind: QuestionnaireItemKind, key: string, t: TFunction): ItemDraft {
  return {
    key,
    kind,
    title: '',
    description: '',
    required: kind !== 'section',
    options: ['', ''],
    allowOther: false,
    minPicks: null,
    maxPicks: null,
    maxLength: null,
    scale: 5,
    rows: [''],
    columns: [1, 2, 3, 4, 5].map((n) => t(`questionnaire.likert${n}`)),
    min: null,
    max: null,
    integer: false,
    condition: null,
  };
}

/** The editor's draft of a saved item (the fields of other kinds get their starting values). */
export function draftOf(item: QuestionnaireItem, t: TFunction): ItemDraft {
  return { ...newDraft(item.kind, item.key, t), ...item, description: item.description ?? '', condition: item.condition ?? null };
}

const given = <T>(v: T | null | undefined): T | undefined => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** The shared item of a draft: only its kind's fields, blanks left out. */
export function itemOf(d: ItemDraft): QuestionnaireItemInput {
  const condition = d.condition?.itemKey ? { itemKey: d.condition.itemKey, anyOf: d.condition.anyOf ?? [] } : undefined;
  const base = { key: d.key, title: d.title ?? '', description: given(d.description), condition };
  const asked = { ...base, required: !!d.required };
  switch (d.kind) {
    case 'section':
      return { kind: 'section', ...base };
    case 'single':
      return { kind: 'single', ...asked, options: d.options ?? [], allowOther: !!d.allowOther };
    case 'multiple':
      return { kind: 'multiple', ...asked, options: d.options ?? [], allowOther: !!d.allowOther, minPicks: given(d.minPicks), maxPicks: given(d.maxPicks) };
    case 'text':
      return { kind: 'text', ...asked, maxLength: given(d.maxLength) ?? QUESTIONNAIRE_TEXT_MAX };
    case 'textarea':
      return { kind: 'textarea', ...asked, maxLength: given(d.maxLength) ?? QUESTIONNAIRE_TEXTAREA_MAX };
    case 'rating':
      return { kind: 'rating', ...asked, scale: d.scale === 10 ? 10 : 5 };
    case 'matrix':
      return { kind: 'matrix', ...asked, rows: d.rows ?? [], columns: d.columns ?? [] };
    case 'number':
      return { kind: 'number', ...asked, min: given(d.min), max: given(d.max), integer: !!d.integer };
    case 'date':
      return { kind: 'date', ...asked };
  }
}

/** Texts of the shared schema's rules over several fields (its messages are English sentences). */
const RULE_TEXTS: Record<string, string> = {
  'the key is used by another item': 'questionnaire.rule.key',
  'a condition names an earlier single or multiple choice item': 'questionnaire.rule.conditionEarlier',
  'a condition names an option the item does not have': 'questionnaire.rule.conditionOption',
  'more picks than options': 'questionnaire.rule.morePicks',
  'the maximum is below the minimum': 'questionnaire.rule.maxBelowMin',
  'options repeat': 'questionnaire.rule.optionsRepeat',
};
/** Fields an issue of the schema is shown on (the key has no field of its own: its title takes it). */
const SHOWN_ON: Record<string, string> = { key: 'title' };
const LISTS = ['options', 'rows', 'columns'];

export interface ItemIssue {
  /** The form field: `['items', i, field]`, or `['items', i, 'options', j]` for one option. */
  name: (string | number)[];
  text: string;
}

/**
 * The items of the drafts, checked with the shared `QuestionnaireItemsSchema` (kinds, limits, keys,
 * conditions, pick limits): the items to send, or the issues placed on the editor's fields.
 */
export function checkDrafts(drafts: readonly ItemDraft[], t: TFunction): { items: QuestionnaireItem[]; issues: null } | { items: null; issues: ItemIssue[] } {
  const parsed = QuestionnaireItemsSchema.safeParse(drafts.map(itemOf));
  if (parsed.success) return { items: parsed.data, issues: null };
  const seen = new Set<string>();
  const issues: ItemIssue[] = [];
  for (const issue of parsed.error.issues) {
    const [i, field, sub] = issue.path;
    if (typeof i !== 'number') continue;
    const name: (string | number)[] = [ITEMS_FIELD, i, SHOWN_ON[String(field)] ?? String(field ?? 'title')];
    const list = LISTS.includes(String(field));
    if (list && typeof sub === 'number') name.push(sub);
    const id = name.join('.');
    // A list whose labels are blank does not also "repeat": the blanks say it.
    if (seen.has(id) || (list && name.length === 3 && seen.has(`${id}.*`))) continue;
    seen.add(id);
    if (name.length === 4) seen.add(`${name.slice(0, 3).join('.')}.*`);
    const own = RULE_TEXTS[issue.message];
    issues.push({ name, text: own ? t(own) : issueText(issue, t) });
  }
  return { items: null, issues };
}

/** Puts saved items on the editor's form. */
export function fillItems(form: FormInstance, items: readonly QuestionnaireItem[], t: TFunction) {
  form.setFieldValue(
    ITEMS_FIELD,
    items.map((i) => draftOf(i, t)),
  );
}

/**
 * The editor's items checked by the shared schema (call after the form's own `validateFields`,
 * which clears old errors): the items to send, or null with every problem shown on its field.
 */
export function readItems(form: FormInstance, t: TFunction): QuestionnaireItem[] | null {
  const checked = checkDrafts((form.getFieldValue(ITEMS_FIELD) ?? []) as ItemDraft[], t);
  if (!checked.issues) return checked.items;
  form.setFields(checked.issues.map((i) => ({ name: i.name, errors: [i.text] })));
  const [first] = checked.issues;
  if (first) form.scrollToField(first.name);
  return null;
}
