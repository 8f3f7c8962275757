import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Calendar, Card, Col, Empty, Row, Segmented, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TrainClassCalendar } from '@hanlin/shared';
import { trainClassCalendar } from '../api';
import { placeOf } from '../components/meta';

type View = 'month' | 'week';

/** The span a view reads: a month with its leading and trailing weeks (≤ 42 days), or one week from Monday. */
export function spanOf(view: View, day: Dayjs): { from: Dayjs; to: Dayjs } {
  if (view === 'week') {
    const from = day.startOf('day').subtract((day.day() + 6) % 7, 'day');
    return { from, to: from.add(7, 'day') };
  }
  const first = day.startOf('month');
  const from = first.subtract((first.day() + 6) % 7, 'day');
  return { from, to: from.add(42, 'day') };
}

const onDay = (d: Dayjs, startAt: string, endAt: string) => dayjs(startAt).isBefore(d.endOf('day')) && dayjs(endAt).isAfter(d.startOf('day'));

function DayCell({ data, day }: { data: TrainClassCalendar | undefined; day: Dayjs }) {
  const navigate = useNavigate();
  const stages = (data?.stages ?? []).filter((s) => onDay(day, s.startsAt, s.endsAt));
  const classes = (data?.classes ?? []).filter((c) => onDay(day, c.startAt, c.endAt) && !stages.some((s) => s.classId === c.id));
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={`train-calendar-day-${day.format('YYYY-MM-DD')}`}>
      {stages.map((s) => (
        <li key={`s${s.id}`}>
          <a onClick={() => void navigate(`/dashboard/manage-trainClass?id=${s.classId}`)} data-testid="train-calendar-stage">
            <Badge status="processing" text={`${dayjs(s.startsAt).format('HH:mm')} ${s.className} · ${s.name}${placeOf(s) ? ` @ ${placeOf(s)}` : ''}`} />
          </a>
        </li>
      ))}
      {classes.map((c) => (
        <li key={`c${c.id}`}>
          <a onClick={() => void navigate(`/dashboard/manage-trainClass?id=${c.id}`)} data-testid="train-calendar-class">
            <Badge status="default" text={c.name} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** `manage-train-calendar`: classes and their stages by month or by week (the caller's scope). */
export default function TrainClassCalendarPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('month');
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const { from, to } = spanOf(view, day);
  const q = useQuery({
    queryKey: ['trainClass', 'calendar', from.toISOString(), to.toISOString()],
    queryFn: () => trainClassCalendar({ from: from.toISOString(), to: to.toISOString() }),
  });
  const step = (n: number) => setDay(day.add(n, view === 'week' ? 'week' : 'month'));
  return (
    <Card
      data-testid="train-calendar-page"
      title={t('page.manage-train-calendar')}
      extra={
        <Space>
          <Button onClick={() => step(-1)} data-testid="train-calendar-prev">
            {t('trainClasses.previous')}
          </Button>
          <Button onClick={() => setDay(dayjs())}>{t('trainClasses.today')}</Button>
          <Button onClick={() => step(1)} data-testid="train-calendar-next">
            {t('trainClasses.next')}
          </Button>
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'month', label: t('trainClasses.month') },
              { value: 'week', label: <span data-testid="train-calendar-week">{t('trainClasses.week')}</span> },
            ]}
          />
        </Space>
      }
    >
      {view === 'month' ? (
        <Calendar value={day} onChange={setDay} headerRender={() => null} cellRender={(d, info) => (info.type === 'date' ? <DayCell data={q.data} day={d} /> : null)} />
      ) : (
        <Row gutter={8} data-testid="train-calendar-weekgrid">
          {Array.from({ length: 7 }, (_, i) => from.add(i, 'day')).map((d) => (
            <Col key={d.format('YYYY-MM-DD')} flex="1 1 0" style={{ minWidth: 120 }}>
              <Typography.Text strong>{d.format('ddd MM-DD')}</Typography.Text>
              {d.isSame(dayjs(), 'day') ? <Tag color="blue">{t('trainClasses.today')}</Tag> : null}
              <DayCell data={q.data} day={d} />
            </Col>
          ))}
        </Row>
      )}
      {q.data && !q.data.classes.length ? <Empty description={t('trainClasses.noClasses')} /> : null}
    </Card>
  );
}
