/**
 * The server's clock as this browser knows it. Every API answer tells the server's time (`X-Server-Time`, ms), so a
 * device clock minutes off neither breaks the request sign nor moves a wait for an exam's start: both read `serverNow()`.
 */
let offset = 0;

/** Now on the server's clock, in ms since the epoch (the device's clock until an answer has told the offset). */
export function serverNow(): number {
  return Date.now() + offset;
}

/**
 * Learns the offset from a server time read in an answer to a call sent at `sentAt` and answered at `receivedAt` (device
 * clock): the server read its clock about halfway, so the estimate is off by at most half the round trip.
 */
export function learnServerTime(serverMs: number, sentAt: number, receivedAt: number): void {
  if (!Number.isFinite(serverMs) || serverMs <= 0 || receivedAt < sentAt) return;
  offset = serverMs - (sentAt + receivedAt) / 2;
}
