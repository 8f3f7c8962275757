/** Lets the process exit with this stream still open, when the stream can (a pipe to a child is a socket). */
export function unrefStream(stream: object | null): void {
  if (stream && 'unref' in stream && typeof stream.unref === 'function') stream.unref();
}
