import { messageRoutes } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export function getUnreadCount() {
  return call(messageRoutes.unreadCount, {}, { silent: true });
}
