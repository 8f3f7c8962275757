import dayjs from 'dayjs';

/** Date-time as the lists show it; empty for missing values. */
export function formatTime(v: string | null | undefined): string {
  return v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '';
}
