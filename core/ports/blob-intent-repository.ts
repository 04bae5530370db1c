/**
 * Bytes about to be stored whose owning row is not committed yet. An intent is added before the bytes land and
 * deleted in the transaction that writes the row, so one left behind marks bytes that nothing points at.
 */
export interface BlobIntentRepository {
  add(ref: string, at: string): Promise<void>;
  remove(ref: string): Promise<void>;
  /** Refs of intents added before `before`. */
  olderThan(before: string, limit: number): Promise<string[]>;
}
