// Public surface of the practice module (exercises, practice sessions, the mistake set).
export { exercises, practiceSessions, mistakeEntries } from './practice.schema.js';
