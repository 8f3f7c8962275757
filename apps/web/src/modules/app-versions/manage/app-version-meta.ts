import { APP_PLATFORMS, APP_TERMINALS } from '@hanlin/shared';

export const TERMINAL_OPTIONS = APP_TERMINALS.map((v) => ({ value: v, labelKey: `appVersion.terminal_${v}` }));
export const PLATFORM_OPTIONS = APP_PLATFORMS.map((v) => ({ value: v, labelKey: `appVersion.platform_${v}` }));
