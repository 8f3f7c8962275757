import { eq, ilike, sql, type SQL } from 'drizzle-orm';
import { defineList } from '../../platform/list.js';
import { users } from '../users/index.js';
import { helpTemplates } from './help-templates.schema.js';

const h = helpTemplates;
const columns = {
  id: h.id,
  title: h.title,
  category: h.category,
  sort: h.sort,
  published: h.published,
  attachments: h.attachments,
  orgId: h.orgId,
  orgName: sql<string | null>`null`,
  createdBy: h.createdBy,
  creatorName: users.realname,
  createdAt: h.createdAt,
  updatedAt: h.updatedAt,
};

const listOf = (name: string, where?: SQL) =>
  defineList({
    name,
    table: helpTemplates,
    tables: ['help_templates'],
    where,
    filters: {
      category: (v) => eq(h.category, v),
      published: (v) => eq(h.published, v),
    },
    keyword: (pattern) => ilike(h.title, pattern),
    sort: { sort: h.sort, id: h.id, title: h.title, updatedAt: h.updatedAt },
    defaultSort: [sql`${h.sort}`, sql`${h.id} desc`],
    columns,
    join: (q) => q.leftJoin(users, eq(users.id, h.createdBy)),
  });

/** Everything, for the managers (the list is the whole platform's: no data scope). */
export const helpTemplateList = listOf('help_template_list');
/** The published documents, for the readers. */
export const publishedHelpList = listOf('help_template_published', eq(h.published, true));
export type HelpTemplateListRow = Awaited<ReturnType<typeof helpTemplateList.rowsOf>>[number];

export async function bodyOf(db: Parameters<typeof helpTemplateList.rowsOf>[0], id: number): Promise<string | null> {
  const [r] = await db.select({ body: h.body }).from(h).where(eq(h.id, id));
  return r?.body ?? null;
}
