import type { IdSource } from '../ports/id-source.ts';

let lastMs = -1;
let sequence = 0;

/**
 * 24 hex characters that sort in the order they were made within one process: the millisecond (12), a sequence
 * within that millisecond (4), then randomness (8). Log rows and events order by (createdAt, id), and rows made in
 * one millisecond would otherwise come back in random order.
 */
export function sortableHex(now: Date, ids: IdSource): string {
  const ms = now.getTime();
  if (ms === lastMs) sequence = (sequence + 1) & 0xffff;
  else {
    lastMs = ms;
    sequence = 0;
  }
  return ms.toString(16).padStart(12, '0').slice(-12) + sequence.toString(16).padStart(4, '0') + ids.hex(4);
}
