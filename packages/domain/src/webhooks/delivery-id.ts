/**
 * A delivery's id: a time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then
 * random bits. Ids made one after another sort together, so the primary key's index grows at its
 * right edge instead of touching a random page per insert; after each checkpoint the first change
 * to a page costs a full 8 kB page image in the write-ahead log, and queuing events with random
 * ids wrote 2.7 times the log per event (bench/results/webhook-delivery-ids.md).
 * `random` gives the 10 bytes after the timestamp (more are ignored), so the rule stays testable.
 */
export const uuidV7 = (nowMs: number, random: Uint8Array): string => {
  if (!Number.isSafeInteger(nowMs) || nowMs < 0 || nowMs >= 2 ** 48) {
    throw new RangeError('uuidV7: the time must be whole milliseconds within 48 bits');
  }
  if (random.length < 10) {
    throw new RangeError('uuidV7: 10 random bytes are needed');
  }
  const bytes = new Uint8Array(16);
  let time = nowMs;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes.set(random.subarray(0, 10), 6);
  // Version 7 in the high nibble of byte 6, the RFC variant (10xx) in byte 8.
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
