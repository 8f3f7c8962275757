import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, Popconfirm, Space, Table } from 'antd';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { required, type BoardroomRow } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { formatTime } from '../../../platform/format';
import { useCan } from '../../../platform/permission';
import { useFeedback } from '../../../platform/feedback';
import { bookBoardroom, cancelBookings, findBookings } from '../api';

const SIZE = 10;

/**
 * A room's bookings from now on (manage-boardroom): book a period with a subject; a period that overlaps another
 * booking, or a training class stage in the room, is refused by the server and said on the time field.
 */
export function BookingsDrawer({ room, onClose }: { room: BoardroomRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const canBook = useCan('ssgl:modify');
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<{ subject: string; period: [Dayjs, Dayjs] }>();
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['boardroom-bookings', room?.id, page],
    queryFn: room ? () => findBookings({ roomId: room.id, page, size: SIZE, from: dayjs().startOf('day').toISOString() }) : skipToken,
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['boardroom-bookings'] });
  const book = useMutation({
    mutationFn: (v: { subject: string; period: [Dayjs, Dayjs] }) =>
      bookBoardroom({ roomId: required(room, 'the room booked').id, subject: v.subject, startAt: v.period[0].toISOString(), endAt: v.period[1].toISOString() }),
    onSuccess: () => {
      setError(null);
      form.resetFields();
      message.success(t('boardroom.booked'));
      void refresh();
    },
    onError: (e) => setError(e instanceof ApiError ? e.text : String(e)),
  });
  const cancel = useMutation({ mutationFn: (id: number) => cancelBookings({ ids: [id] }), onSuccess: () => void refresh() });

  return (
    <Drawer open={!!room} onClose={onClose} size="large" destroyOnHidden title={room ? `${t('boardroom.bookings')} · ${room.name}` : ''} data-testid="boardroom-bookings">
      {canBook && (
        <Form form={form} layout="vertical" onFinish={(v) => book.mutate(v)} data-testid="boardroom-book-form">
          <Form.Item name="subject" label={t('boardroom.subject')} rules={[{ required: true, whitespace: true, max: 100, message: t('boardroom.subjectRequired') }]}>
            <Input maxLength={100} data-testid="boardroom-book-subject" />
          </Form.Item>
          <Form.Item name="period" label={t('boardroom.period')} rules={[{ required: true, message: t('boardroom.periodRequired') }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="boardroom-book-period" />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="boardroom-book-error" />}
          <Button type="primary" htmlType="submit" loading={book.isPending} data-testid="boardroom-book-submit">
            {t('boardroom.book')}
          </Button>
        </Form>
      )}
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current: page, pageSize: SIZE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { key: 'subject', title: t('boardroom.subject'), dataIndex: 'subject', render: (v: string) => <span data-testid="boardroom-booking-subject">{v}</span> },
          { key: 'time', title: t('boardroom.period'), render: (_, r) => `${formatTime(r.startAt)} – ${formatTime(r.endAt)}` },
          { key: 'booker', title: t('boardroom.booker'), dataIndex: 'bookerName' },
          {
            key: 'actions',
            title: '',
            render: (_, r) =>
              canBook ? (
                <Popconfirm title={t('boardroom.cancelBookingConfirm')} onConfirm={() => cancel.mutate(r.id)} okButtonProps={{ 'data-testid': 'boardroom-booking-cancel-ok' }}>
                  <Button type="link" size="small" danger data-testid="boardroom-booking-cancel">
                    {t('boardroom.cancelBooking')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Space />
    </Drawer>
  );
}
