import test from 'ava';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../adapters/knex/connect.ts';
import { createKnexStore } from '../../../adapters/knex/store.knex.ts';
import { FsBlobStore } from '../../../adapters/blob-fs/blob-store.fs.ts';
import { NodeIdSource } from '../../../adapters/crypto-node/id-source.node.ts';
import { putClaimable } from '../../../core/blobs/claimed-blob.ts';
import { SweepUnclaimedBlobs } from '../../../core/blobs/sweep-unclaimed-blobs.ts';
import { BlobMissing } from '../../../core/ports/blob-store.ts';
import { FakeClock } from '../../support/fake-clock.ts';

async function* bytes(text: string) { yield new TextEncoder().encode(text); }

test('bytes whose row never committed (a crash between the two) are swept; claimed bytes stay', async (t) => {
  const db = await openDatabase(':memory:');
  try {
    const store = createKnexStore(db.knex);
    const blobs = new FsBlobStore(mkdtempSync(join(tmpdir(), 'wm-blobs-')));
    const clock = new FakeClock('2026-11-22T10:00:00.000Z');
    const ids = new NodeIdSource();
    const orphan = await putClaimable(store, blobs, ids, clock, bytes('crashed before the row'), 1000);
    const kept = await putClaimable(store, blobs, ids, clock, bytes('row committed'), 1000);
    await store.transaction((tx) => kept.claim(tx));
    const sweep = new SweepUnclaimedBlobs(store, blobs, clock);
    t.is(await sweep.execute(), 0, 'a fresh upload may still be on its way');
    clock.advance(60 * 60_000 + 1);
    t.is(await sweep.execute(), 1);
    await t.throwsAsync(() => blobs.open(orphan.ref), { instanceOf: BlobMissing });
    await t.notThrowsAsync(() => blobs.open(kept.ref));
    t.is(await sweep.execute(), 0);
  } finally {
    await db.close();
  }
});
