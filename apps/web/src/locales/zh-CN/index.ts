import { mergeCatalogue } from '../merge';

/** zh-CN catalogue: every JSON file in this folder, deep-merged (adding a file is enough). */
export default mergeCatalogue(import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' })) as Record<string, any>;
