// Public surface of the scorm module: other modules import only from here.
export { scormPackages, scormRuntime } from './scorm.schema.js';
export { registerScormLaunchRule, type ScormLaunchRule } from './scorm.access.js';
export { getScormProgress, importScormFile, importScormStream, importScormStream as importScormPackage, type ScormDeps, type ScormProgress } from './scorm.service.js';
