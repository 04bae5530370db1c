import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IdSource } from '../../core/ports/id-source.ts';

export class NodeIdSource implements IdSource {
  hex(bytes: number): string {
    return randomBytes(bytes).toString('hex');
  }

  uuid(): string {
    return randomUUID();
  }

  secret(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  digits(digits: number): string {
    if (!Number.isInteger(digits) || digits < 1) throw new RangeError(`digits must be a positive integer, got ${digits}`);
    // One randomInt per digit: uniform for any length, where a single draw of 10^n would overflow randomInt's 2^48 range.
    let code = '';
    for (let i = 0; i < digits; i++) code += randomInt(10);
    return code;
  }
}
