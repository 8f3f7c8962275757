/**
 * The value and change handler of a picker of records by id: one id (null when none is picked) or,
 * with `multiple`, a list of ids. A Form.Item injects them; a page passing its own gets the ids typed.
 * `Extra` are further arguments of a change (the options picked, for a picker that has them).
 */
export type IdPickProps<Extra extends unknown[] = []> =
  | { multiple: true; value?: number[] | null; onChange?: (ids: number[], ...extra: Extra) => void }
  | { multiple?: false; value?: number | null; onChange?: (id: number | null, ...extra: Extra) => void };
