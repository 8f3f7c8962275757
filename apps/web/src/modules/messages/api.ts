import { api } from '../../platform/api/client';

export function getUnreadCount() {
  return api<number>('message/unread-count', {}, { silent: true });
}
