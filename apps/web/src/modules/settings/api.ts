import { settingsRoutes as routes, type LicenceSave, type LoginSettingsSave, type PlatformParams } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getLoginSettings = () => call(routes.getLogin);
export const saveLoginSettings = (input: LoginSettingsSave) => call(routes.saveLogin, input, { silent: true });

export const getPlatformParams = () => call(routes.getParams);
export const savePlatformParams = (input: PlatformParams) => call(routes.saveParams, input, { silent: true });

export const getLicence = () => call(routes.getLicence);
export const saveLicence = (input: LicenceSave) => call(routes.saveLicence, input, { silent: true });
