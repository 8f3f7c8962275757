// Public surface of the settings module: other modules import only from here.
export { readPlatformParams } from './settings.service.js';
