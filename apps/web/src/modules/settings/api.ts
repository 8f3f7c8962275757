import type { LicenceSave, LicenceView, LoginSettingsSave, LoginSettingsView, PlatformParams } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export const getLoginSettings = () => api<LoginSettingsView>('settings/login/get');
export const saveLoginSettings = (input: LoginSettingsSave) => api<LoginSettingsView>('settings/login/save', input, { silent: true });

export const getPlatformParams = () => api<PlatformParams>('settings/params/get');
export const savePlatformParams = (input: PlatformParams) => api<PlatformParams>('settings/params/save', input, { silent: true });

export const getLicence = () => api<LicenceView>('settings/licence/get');
export const saveLicence = (input: LicenceSave) => api<LicenceView>('settings/licence/save', input, { silent: true });
