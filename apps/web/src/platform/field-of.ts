/**
 * Reading a value whose shape the program does not know (a server's answer, a library's payload, a
 * message from a frame, any list row): one field at a time, each `unknown` until checked, instead of
 * casting the whole value to the shape it is hoped to have.
 */

/** Whether `value` is an object (an array too, null not), whose fields `fieldOf` reads. */
export const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** The value of `key` on `value`, or undefined when `value` is no object or has no such field. */
export function fieldOf(value: unknown, key: string): unknown {
  return isObject(value) && key in value ? Reflect.get(value, key) : undefined;
}
