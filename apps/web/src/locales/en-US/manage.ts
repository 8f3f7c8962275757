import { mergeCatalogue } from '../merge';

/**
 * en-US texts of the back office (files in ./manage): loaded with the management end, the lecturer and the
 * class-teacher ends (platform/i18n.ts loadManageTexts), never in the login page's or the portal's download.
 */
export default mergeCatalogue(import.meta.glob<Record<string, unknown>>('./manage/*.json', { eager: true, import: 'default' }));
