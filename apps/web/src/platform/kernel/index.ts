export { CrudPage } from './CrudPage';
export { SchemaForm, readForm, toFormValues } from './SchemaForm';
export { rulesFor, isRequired, maxLengthOf, issueText } from '../forms/zod-rules';
export type * from './types';
