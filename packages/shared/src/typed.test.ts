import { describe, expect, it } from 'vitest';
import { entriesOf, getKnown, isOneOf, keysOf, oneOf, recordOf, required } from './typed.js';

const LANGS = ['zh-CN', 'en-US', 'pt'] as const;

describe('typed helpers', () => {
  it('accepts only the values of the list, whatever the input', () => {
    expect(isOneOf(LANGS, 'pt')).toBe(true);
    expect(isOneOf(LANGS, 'fr')).toBe(false);
    expect(isOneOf(LANGS, null)).toBe(false);
    expect(isOneOf([1, 2], '1')).toBe(false);
  });

  it('falls back for a value outside the list', () => {
    expect(oneOf(LANGS, 'en-US', 'zh-CN')).toBe('en-US');
    expect(oneOf(LANGS, 'xx', 'zh-CN')).toBe('zh-CN');
    expect(oneOf(LANGS, undefined, null)).toBeNull();
  });

  it('builds a record over the keys, in their order, and reads it back', () => {
    const lengths = recordOf(LANGS, (l) => l.length);
    expect(lengths).toEqual({ 'zh-CN': 5, 'en-US': 5, pt: 2 });
    expect(keysOf(lengths)).toEqual([...LANGS]);
    expect(entriesOf(lengths)).toEqual([
      ['zh-CN', 5],
      ['en-US', 5],
      ['pt', 2],
    ]);
  });

  it('reads a known map entry, and names a missing one instead of answering undefined', () => {
    const names = new Map([[7, 'seven']]);
    expect(getKnown(names, 7, 'name')).toBe('seven');
    expect(() => getKnown(names, 8, 'name')).toThrow('no name for 8');
  });

  it('passes a present value through (false and 0 included), and names a missing one', () => {
    expect(required(0, 'count')).toBe(0);
    expect(required(false, 'flag')).toBe(false);
    expect(() => required(undefined, 'api.update')).toThrow('api.update is missing');
    expect(() => required(null, 'api.update')).toThrow('api.update is missing');
  });
});
