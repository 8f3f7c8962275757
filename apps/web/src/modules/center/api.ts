import { profileRoutes, type UserInfoUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export function setAvatar(input: { avatar: string }) {
  return call(profileRoutes.avatar, input);
}

export function updateOwnInfo(input: UserInfoUpdate) {
  return call(profileRoutes.updateInfo, input);
}
