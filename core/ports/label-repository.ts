import type { CountedLabel, Label } from '../labels/label.ts';
import type { Position } from '../kernel/paging.ts';

/** User labels of a workspace and the thread-label join (spec: Resources — Label). */
export interface LabelRepository {
  /**
   * Called first inside a transaction that counts labels before writing: holds other label changes of the
   * workspace until it ends, so the limits it checked still hold when it commits.
   */
  lockWorkspace(workspaceId: string): Promise<void>;
  get(workspaceId: string, id: string): Promise<CountedLabel | null>;
  /** By `name`, then `id`, byte-wise ascending; position `[name, id]`. */
  list(workspaceId: string, after: Position | null, limit: number): Promise<CountedLabel[]>;
  /** A label other than `exceptId` that holds the id `id` or a name equal to `name` ignoring case. */
  findClash(workspaceId: string, id: string, name: string, exceptId: string | null): Promise<Label | null>;
  count(workspaceId: string): Promise<number>;
  countAiEnabled(workspaceId: string): Promise<number>;
  /** False when the id or the name (ignoring case) is already held in the workspace. */
  insert(label: Label): Promise<boolean>;
  /** Writes every field but `id`; false when another label holds the name (ignoring case). */
  update(label: Label): Promise<boolean>;
  delete(workspaceId: string, id: string): Promise<void>;
  /** Takes the label off every thread carrying it; answers how many threads that was. */
  removeFromThreads(workspaceId: string, labelId: string): Promise<number>;
  /** Puts a label on a thread (a no-op when it is already there). The threads area labels threads through this. */
  addToThread(workspaceId: string, threadId: string, labelId: string): Promise<void>;
}
