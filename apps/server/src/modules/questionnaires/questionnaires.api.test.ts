import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireDetail, QuestionnaireInput, QuestionnaireRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, refusal, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { registerQuestionnaireUse } from './index.js';

const t = useTestApp();
let admin: Session;
const usedBySurvey = new Set<number>();

beforeAll(async () => {
  admin = await login(t.app);
  registerQuestionnaireUse(t.app, 'test-survey', { inUse: async (_db, ids) => ids.filter((id) => usedBySurvey.has(id)) });
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const items: QuestionnaireInput['items'] = [
  { kind: 'section', key: 'about', title: 'About the course' },
  { kind: 'rating', key: 'overall', title: 'Overall', required: true, scale: 5 },
  { kind: 'single', key: 'again', title: 'Take it again?', options: ['Yes', 'No'] },
  { kind: 'textarea', key: 'why', title: 'Why not?', condition: { itemKey: 'again', anyOf: [1] } },
];
async function template(s: Session = admin, extra: Partial<QuestionnaireInput> = {}) {
  return (await ok(t.app, s, '/api/questionnaire/insert', { name: `Q ${uniq()}`, items, ...extra })).id as number;
}
const get = (id: number, s: Session = admin) => ok(t.app, s, '/api/questionnaire/get', { id }) as Promise<QuestionnaireDetail>;
const session = (permissions: string[], opts: { orgId?: number; scopeOrgIds?: number[] } = {}) => newUserSession(t, { permissions, ...opts });

describe('questionnaire templates', () => {
  it('saves a draft with its items and classification, counts its questions and lists it under the classification', async () => {
    const cat = (await ok(t.app, admin, '/api/questionnaire-sort/insert', { name: `Cat-${uniq()}` })).id as number;
    const sub = (await ok(t.app, admin, '/api/questionnaire-sort/insert', { name: 'Sub', parentId: cat })).id as number;
    const id = await template(admin, { name: '课程满意度', categoryId: sub, description: 'After each course' });
    const detail = await get(id);
    expect(detail).toMatchObject({ name: '课程满意度', status: 'draft', categoryName: 'Sub', description: 'After each course', questionCount: 3 });
    expect(detail.items.map((i) => i.key)).toEqual(['about', 'overall', 'again', 'why']);
    expect(detail.items[1]).toMatchObject({ kind: 'rating', required: true, scale: 5 });
    expect(detail.abilities).toEqual({ modify: true, delete: true, publish: true, unpublish: false, copy: true });
    const page = await ok(t.app, admin, '/api/questionnaire/list', { categoryId: cat, status: 'draft' });
    expect(page.records.map((r: QuestionnaireRow) => r.id)).toEqual([id]);
    expect(page.records[0]).not.toHaveProperty('items');
    expect(await refusal(t.app, admin, '/api/questionnaire-sort/delete', { id: cat })).toMatchObject({ code: 'IN_USE_SUBCLASS' });
  });

  it('refuses items that break the rules, naming the item and field, and a taken name', async () => {
    const bad = await refusal(t.app, admin, '/api/questionnaire/insert', {
      name: `Bad ${uniq()}`,
      items: [
        { kind: 'single', key: 'a', title: 'A', options: ['x', 'y'] },
        { kind: 'text', key: 'b', title: 'B', condition: { itemKey: 'a', anyOf: [4] } },
      ],
    });
    expect(bad).toMatchObject({ code: 'PARAMETER_INVALID', field: 'items.1.condition' });
    expect(await refusal(t.app, admin, '/api/questionnaire/insert', { name: 'x', items: [{ kind: 'rating', key: 'r', title: 'R', scale: 7 }] })).toMatchObject({
      code: 'PARAMETER_INVALID',
    });
    const name = `Dup ${uniq()}`;
    await template(admin, { name });
    expect(await refusal(t.app, admin, '/api/questionnaire/insert', { name, items })).toMatchObject({ code: 'DUPLICATE_DATA', field: 'name' });
    const other = await template();
    expect(await refusal(t.app, admin, '/api/questionnaire/update', { id: other, name })).toMatchObject({ code: 'DUPLICATE_DATA', field: 'name' });
  });

  it('publishes only a template holding a question; a published one is not edited or deleted until unpublished', async () => {
    const empty = await template(admin, { items: [{ kind: 'section', key: 's', title: 'Only a heading' }] });
    expect(await refusal(t.app, admin, '/api/questionnaire/publish', { ids: [empty] })).toMatchObject({ code: 'CONTENT_INCOMPLETE', data: { ids: [empty] } });
    const id = await template();
    await ok(t.app, admin, '/api/questionnaire/publish', { ids: [id] });
    const published = await get(id);
    expect(published).toMatchObject({ status: 'published', abilities: { modify: false, delete: false, unpublish: true } });
    expect(published.publishedAt).not.toBeNull();
    expect(await refusal(t.app, admin, '/api/questionnaire/update', { id, description: 'changed' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, admin, '/api/questionnaire/delete', { ids: [id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    await ok(t.app, admin, '/api/questionnaire/unpublish', { ids: [id] });
    await ok(t.app, admin, '/api/questionnaire/update', { id, description: 'changed' });
    expect((await get(id)).description).toBe('changed');
  });

  it('keeps a template a survey was built from (IN_USE_QUESTIONNAIRE), and says so on its row', async () => {
    const id = await template();
    usedBySurvey.add(id);
    expect((await get(id)).abilities.delete).toBe(false);
    expect(await refusal(t.app, admin, '/api/questionnaire/delete', { ids: [id] })).toMatchObject({ code: 'IN_USE_QUESTIONNAIRE', data: { ids: [id] } });
    usedBySurvey.delete(id);
    expect(await ok(t.app, admin, '/api/questionnaire/delete', { ids: [id] })).toEqual({ count: 1 });
  });

  it('copies a template into a new draft of the caller, items and all', async () => {
    const id = await template();
    await ok(t.app, admin, '/api/questionnaire/publish', { ids: [id] });
    const copyName = `Copy ${uniq()}`;
    const copy = (await ok(t.app, admin, '/api/questionnaire/copy', { id, name: copyName })).id as number;
    const [source, copied] = await Promise.all([get(id), get(copy)]);
    expect(copied).toMatchObject({ name: copyName, status: 'draft', questionCount: source.questionCount });
    expect(copied.items).toEqual(source.items);
  });

  it('keeps managers to their data scope and to their codes', async () => {
    const [north, south] = await Promise.all([buildOrg(t.db, { name: `North ${uniq()}` }), buildOrg(t.db, { name: `South ${uniq()}` })]);
    const northAdmin = await session(['wjgl', 'wjgl:add', 'wjgl:modify', 'wjgl:delete', 'wjgl:publish'], { orgId: north.id, scopeOrgIds: [north.id] });
    const southAdmin = await session(['wjgl', 'wjgl:add', 'wjgl:modify', 'wjgl:delete'], { orgId: south.id, scopeOrgIds: [south.id] });
    const id = await template(northAdmin);
    const southList = await ok(t.app, southAdmin, '/api/questionnaire/list', {});
    expect(southList.records.map((r: QuestionnaireRow) => r.id)).not.toContain(id);
    expect(await refusal(t.app, southAdmin, '/api/questionnaire/get', { id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, southAdmin, '/api/questionnaire/update', { id, description: 'x' })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, southAdmin, '/api/questionnaire/copy', { id, name: `Steal ${uniq()}` })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    // southAdmin has no wjgl:publish: the ability says no and so does the call.
    const own = await template(southAdmin);
    expect((await get(own, southAdmin)).abilities.publish).toBe(false);
    expect(await refusal(t.app, southAdmin, '/api/questionnaire/publish', { ids: [own] })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const student = await session(['kc-pc']);
    expect(await refusal(t.app, student, '/api/questionnaire/list', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect((await call(t.app, student, '/api/questionnaire-sort/tree', {})).statusCode).toBe(403);
  });
});
