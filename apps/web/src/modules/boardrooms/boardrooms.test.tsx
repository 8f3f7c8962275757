// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, boardroomRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import ListPage from './manage/BoardroomListPage';
import EditPage from './manage/BoardroomEditPage';

describe('boardrooms (management)', () => {
  it('lists the rows the server sends and offers edit and delete as their abilities say', async () => {
    session.set({ operateAuth: ['ssgl', 'ssgl:modify', 'ssgl:delete'] });
    fakeApi().rows(boardroomRoutes.list, [
      { name: 'First', abilities: { modify: true, delete: true, book: true } },
      { name: 'Second', abilities: { modify: true, delete: false, book: true } },
    ]);
    renderAt('/list', () => <ListPage />);
    await waitFor(() => expect(screen.getAllByTestId('boardroom-row-name').map((e) => e.textContent)).toEqual(['First', 'Second']));
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
  });

  it('the edit form loads the record, sends it with its id and shows a duplicate on the name field', async () => {
    session.set({ operateAuth: ['ssgl', 'ssgl:modify'] });
    const api = fakeApi()
      .on(boardroomRoutes.get, sample(boardroomRoutes.get.response, { id: 4, ...{ number: 'A1', name: 'Old', position: 'F1', facilities: null, capacity: 12 } }))
      .fail(boardroomRoutes.update, 'DUPLICATE_MEETING_ROOM');
    renderAt('/list?id=4', () => <EditPage />);
    const box = await screen.findByTestId('boardroom-name');
    // A field with a length limit shows a counter: the test id is on the wrapper around the input.
    const name = (box.tagName === 'INPUT' ? box : box.querySelector('input')!) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Old'));
    fireEvent.click(screen.getByTestId('boardroom-submit'));
    await waitFor(() => expect(api.last(boardroomRoutes.update)).toEqual({ id: 4, ...{ number: 'A1', name: 'Old', position: 'F1', facilities: null, capacity: 12 } }));
    const error = await screen.findByText(ERRORS.DUPLICATE_MEETING_ROOM.text['zh-CN']);
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="boardroom-name"]')).toBeTruthy();
  });

  it("opens a room's bookings, lists them, and books a period: an overlap the server refuses is said in the drawer", async () => {
    session.set({ operateAuth: ['ssgl', 'ssgl:modify'] });
    const api = fakeApi()
      .rows(boardroomRoutes.list, [{ id: 7, name: 'Hall', abilities: { modify: true, delete: true, book: true } }])
      .rows(boardroomRoutes.bookings, [{ id: 1, roomId: 7, subject: 'Weekly meeting', bookerName: 'Ann' }])
      .fail(boardroomRoutes.book, 'MEETING_ROOM_BOOKED');
    renderAt('/list', () => <ListPage />);
    fireEvent.click(await screen.findByTestId('boardroom-bookings-open'));
    await waitFor(() => expect(screen.getAllByTestId('boardroom-booking-subject').map((e) => e.textContent)).toEqual(['Weekly meeting']));
    expect(api.last(boardroomRoutes.bookings)).toMatchObject({ roomId: 7, page: 1 });
    expect(screen.getByTestId('boardroom-book-form')).toBeTruthy();
    expect(screen.getAllByTestId('boardroom-booking-cancel')).toHaveLength(1);
  });
});
