/**
 * How the management home shows a card the server answers (`/api/dashboard/cards`): a module
 * lists its cards in `modules/<d>/dashboard-cards.ts` (found by `app/manage/ManageIndex.tsx`),
 * beside the server module that contributes the figures.
 */
export interface DashboardCardView {
  /** The server card's key. */
  key: string;
  /** Text key of the card's title (back-office texts). */
  titleKey: string;
  /** Management page the card opens (a route under /dashboard), shown to holders of its codes. */
  path?: string;
}

export function defineDashboardCards(cards: DashboardCardView[]): DashboardCardView[] {
  return cards;
}
