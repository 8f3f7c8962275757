import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorTextsByLanguage } from './error-texts';

const catalogue = path.resolve(import.meta.dirname, '../../../packages/shared/src/errors.json');
type Load = (this: { addWatchFile(f: string): void }, id: string) => Promise<string | undefined>;
const load = (strip: boolean, id: string) => (errorTextsByLanguage({ strip }).load as unknown as Load).call({ addWatchFile: () => undefined }, id);

describe('error texts by language in the web build', () => {
  it('keeps only the Chinese texts in the first download', async () => {
    const groups = JSON.parse((await load(true, catalogue))!) as Record<string, Record<string, unknown[]>>;
    const all = Object.assign({}, ...Object.values(groups)) as Record<string, unknown[]>;
    expect(all.DUPLICATE_USER_NAME?.slice(2)).toEqual([expect.stringMatching(/[\u4e00-\u9fff]/), '', '']);
    expect(await load(false, catalogue)).toBeUndefined(); // tests and the server read the file as it is
  });

  it('serves each other language’s texts as a module of its own', async () => {
    const en = await load(true, '\0virtual:error-texts/en-US');
    const pt = await load(true, '\0virtual:error-texts/pt');
    expect(en).toMatch(/^export default \{/);
    expect(en).toContain('"DUPLICATE_USER_NAME":');
    expect(JSON.parse(en!.slice('export default '.length, -1)).DUPLICATE_USER_NAME).toMatch(/user/i);
    expect(JSON.parse(pt!.slice('export default '.length, -1)).DUPLICATE_USER_NAME).toMatch(/usuário/i);
    await expect(load(true, '\0virtual:error-texts/xx')).rejects.toThrow();
  });
});
