import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: Audience — exactly one built-in audience (`builtin: "default"`) holds every contact of a workspace. */
export async function ensureDefaultAudience(tx: Store, ids: IdSource, workspaceId: string, at: string): Promise<string> {
  const found = await tx.audiences.defaultAudience(workspaceId);
  if (found) return found.id;
  const id = `aud_${ids.hex(12)}`;
  await tx.audiences.insertAudience({
    id, workspaceId, name: 'All contacts', description: null, builtin: 'default', showOnPreferences: false, createdAt: at, updatedAt: at,
  });
  return id;
}
