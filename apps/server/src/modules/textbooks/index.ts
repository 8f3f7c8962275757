// Public surface of the textbooks module: other modules import only from here.
export { textbooks, textbookCategories } from './textbooks.schema.js';
