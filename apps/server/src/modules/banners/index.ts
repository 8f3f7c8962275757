// Public surface of the banners module: other modules import only from here.
export { banners } from './banners.schema.js';
