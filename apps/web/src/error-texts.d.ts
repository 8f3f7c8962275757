/** One language's error texts by code name (apps/web/build/error-texts.ts). */
declare module 'virtual:error-texts/*' {
  const texts: Record<string, string>;
  export default texts;
}
