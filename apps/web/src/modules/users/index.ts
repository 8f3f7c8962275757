/** Public face of this module: other modules import only from this file (lint: boundaries). */
export { peopleApi, type PeopleKind, type UserRow } from './api';
