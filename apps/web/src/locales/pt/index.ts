import { mergeCatalogue } from '../merge';

/** pt catalogue: the texts of every page except the back office's (those are in ./manage, see manage.ts): every JSON file in this folder, deep-merged (adding a file is enough). */
export default mergeCatalogue(import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' }));
