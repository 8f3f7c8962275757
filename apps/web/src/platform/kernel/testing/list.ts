/** The two checks every management list gets: the rows of the server's answer, and a filter reaching the request. */
import { expect } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Sent } from './fake-api';

/** Waits until the cells of `testId` show `texts`, in order. */
export async function expectRows(testId: string, texts: string[]) {
  await waitFor(() => expect(screen.getAllByTestId(testId).map((e) => e.textContent)).toEqual(texts));
}

/** Types `value` into the filter `testId`, searches, and waits until `last()` (the list's last request) holds `sent`. */
export async function searchBy(testId: string, value: string, last: () => Sent | undefined, sent: Sent) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
  fireEvent.click(screen.getByTestId('crud-search'));
  await waitFor(() => expect(last()).toMatchObject({ ...sent, page: 1 }));
}
