import { z } from 'zod';

/**
 * The management home (spec: a dashboard). Each module contributes cards on the server
 * (`ctx.dashboard.card(...)` in its module file); the answer holds only the cards whose codes
 * the caller holds, counted inside the caller's data scope. The web shows each card by its key
 * (`modules/<d>/dashboard-cards.ts`).
 */
export const DashboardCountSchema = z.object({ key: z.string(), kind: z.literal('count'), value: z.number().int() });
export const DashboardListItemSchema = z.object({ id: z.number(), title: z.string(), detail: z.string().nullable(), time: z.string() });
export const DashboardListSchema = z.object({ key: z.string(), kind: z.literal('list'), items: z.array(DashboardListItemSchema) });
export const DashboardCardSchema = z.discriminatedUnion('kind', [DashboardCountSchema, DashboardListSchema]);
export const DashboardSchema = z.object({ cards: z.array(DashboardCardSchema) });

export type DashboardCard = z.infer<typeof DashboardCardSchema>;
export type DashboardListItem = z.infer<typeof DashboardListItemSchema>;
export type Dashboard = z.infer<typeof DashboardSchema>;

/** How many rows a list card shows. */
export const DASHBOARD_LIST_SIZE = 5;
