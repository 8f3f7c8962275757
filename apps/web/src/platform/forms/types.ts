import type { z } from 'zod';

/** The object schema of a form: a body schema from `packages/shared`. */
export type SchemaObject = z.ZodObject<z.ZodRawShape>;
/** The field names of a form schema: a field naming anything else does not compile. */
export type FieldName<S extends SchemaObject> = Extract<keyof z.input<S>, string>;
