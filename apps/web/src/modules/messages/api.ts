import { messageRoutes, type MessageConfig, type MessageListQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export function getUnreadCount() {
  return call(messageRoutes.unreadCount, {}, { silent: true });
}
export const findMyMessages = (q: Partial<MessageListQuery>) => call(messageRoutes.mine, q);
/** Opens one message: the server marks it read. */
export const getMessageById = (input: { id: number }) => call(messageRoutes.get, input);
export const readMessages = (input: { ids: number[] }) => call(messageRoutes.read, input);
export const readAllMessages = () => call(messageRoutes.readAll, {});
export const deleteMessages = (input: { ids: number[] }) => call(messageRoutes.delete, input);
export const getMessageConfig = () => call(messageRoutes.getConfig, {});
export const saveMessageConfig = (input: MessageConfig) => call(messageRoutes.saveConfig, input);
