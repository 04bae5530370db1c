import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Fresh temporary directories, removed when done or, at the latest, when the process exits.

const live = new Set<string>();

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `wm-bench-${prefix}-`));
  live.add(path);
  return {
    path,
    remove: () => {
      live.delete(path);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Synchronous, so it also works in an `exit` handler. */
export function removeAllTempDirs(): void {
  for (const path of live) rmSync(path, { recursive: true, force: true });
  live.clear();
}
