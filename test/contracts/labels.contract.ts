import type { Label } from '../../core/labels/label.ts';
import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';

const label = (name: string, overrides: Partial<Label> = {}): Label => ({
  id: `USER_${name.toUpperCase()}`, workspaceId: WS, name, backgroundColor: null, aiInstructions: null, aiEnabled: false,
  createdAt: at(1), updatedAt: at(1), ...overrides,
});

export function labelsContract(check: Check): void {
  check('labels: every field round-trips; ids are per workspace and matched exactly', async (t, { store }) => {
    await seedWorkspaces(store);
    const full = label('Ünïcødé ✓', { backgroundColor: 'gradient:sunset', aiInstructions: 'Receipts, "quoted"', aiEnabled: true, updatedAt: at(2) });
    t.true(await store.labels.insert(full));
    t.true(await store.labels.insert(label('Ünïcødé ✓', { workspaceId: OTHER_WS })));
    t.deepEqual(await store.labels.get(WS, full.id), { ...full, threadCount: 0 });
    t.is(await store.labels.get(WS, full.id.toLowerCase()), null);
    t.is(await store.labels.get(WS, 'USER_\0'), null);
    t.false((await store.labels.get(OTHER_WS, full.id))!.aiEnabled);
  });

  check('labels: listed by name then id, byte-wise, continuing after a position', async (t, { store }) => {
    await seedWorkspaces(store);
    for (const name of ['banana', 'Zed', 'apple', 'éclair', 'Apple pie']) await store.labels.insert(label(name, { id: `USER_${name}` }));
    t.deepEqual((await store.labels.list(WS, null, 10)).map((l) => l.name), ['Apple pie', 'Zed', 'apple', 'banana', 'éclair']);
    t.deepEqual((await store.labels.list(WS, ['Zed', 'USER_Zed'], 2)).map((l) => l.name), ['apple', 'banana']);
    t.deepEqual(await store.labels.list(OTHER_WS, null, 10), []);
  });

  check('labels: an id or a name ignoring case is held once per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    t.true(await store.labels.insert(label('Work')));
    t.false(await store.labels.insert(label('WORK', { id: 'USER_OTHER' })), 'the same name ignoring case');
    t.false(await store.labels.insert(label('Jobs', { id: 'USER_WORK' })), 'the same id');
    t.true(await store.labels.insert(label('Work', { workspaceId: OTHER_WS })));
    t.is((await store.labels.findClash(WS, 'USER_X', 'wORK', null))?.id, 'USER_WORK');
    t.is((await store.labels.findClash(WS, 'USER_WORK', 'x', null))?.id, 'USER_WORK');
    t.is(await store.labels.findClash(WS, 'USER_WORK', 'work', 'USER_WORK'), null);
    t.is(await store.labels.findClash(WS, 'USER_X', 'x', null), null);

    t.true(await store.labels.insert(label('Home')));
    t.false(await store.labels.update({ ...label('Home'), name: 'work' }), 'a rename onto a name held ignoring case');
    t.true(await store.labels.update({ ...label('Home'), name: 'Family', updatedAt: at(5) }));
    const renamed = await store.labels.get(WS, 'USER_HOME');
    t.is(renamed?.name, 'Family');
    t.is(renamed?.updatedAt, at(5));
    t.true(await store.labels.insert(label('home', { id: 'USER_HOME2' })), 'the old name is free again');
  });

  check('labels: counts of labels and AI-enabled labels', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.labels.insert(label('a', { aiEnabled: true }));
    await store.labels.insert(label('b', { aiInstructions: 'x' }));
    await store.labels.insert(label('c'));
    await store.labels.insert(label('d', { workspaceId: OTHER_WS, aiEnabled: true }));
    t.is(await store.labels.count(WS), 3);
    t.is(await store.labels.countAiEnabled(WS), 1);
  });

  check('labels: thread counts are read from the join; removing a label takes it off every thread', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.labels.insert(label('Work'));
    await store.labels.insert(label('Home'));
    for (const thread of ['thr_1', 'thr_2', 'thr_3']) await store.labels.addToThread(WS, thread, 'USER_WORK');
    await store.labels.addToThread(WS, 'thr_1', 'USER_WORK');
    await store.labels.addToThread(WS, 'thr_1', 'USER_HOME');
    await store.labels.addToThread(WS, 'thr_1', 'INBOX');
    await store.labels.addToThread(OTHER_WS, 'thr_9', 'USER_WORK');
    t.is((await store.labels.get(WS, 'USER_WORK'))?.threadCount, 3);
    t.deepEqual((await store.labels.list(WS, null, 10)).map((l) => [l.id, l.threadCount]), [['USER_HOME', 1], ['USER_WORK', 3]]);
    await store.transaction(async (tx) => {
      t.is(await tx.labels.removeFromThreads(WS, 'USER_WORK'), 3);
      await tx.labels.delete(WS, 'USER_WORK');
    });
    t.is(await store.labels.get(WS, 'USER_WORK'), null);
    t.is((await store.labels.get(WS, 'USER_HOME'))?.threadCount, 1);
    await store.labels.insert(label('Work'));
    t.is((await store.labels.get(WS, 'USER_WORK'))?.threadCount, 0, 'a new label of the same id starts on no thread');
  });

  check('labels: the workspace lock is taken inside a transaction and released with it', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.transaction(async (tx) => {
      await tx.labels.lockWorkspace(WS);
      await tx.labels.lockWorkspace(WS);
      t.true(await tx.labels.insert(label('Work')));
    });
    await store.transaction(async (tx) => tx.labels.lockWorkspace(WS));
    t.is(await store.labels.count(WS), 1);
  });

  check('labels: a delete in a failed transaction leaves the label on its threads', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.labels.insert(label('Work'));
    await store.labels.addToThread(WS, 'thr_1', 'USER_WORK');
    await t.throwsAsync(() => store.transaction(async (tx) => {
      await tx.labels.removeFromThreads(WS, 'USER_WORK');
      await tx.labels.delete(WS, 'USER_WORK');
      throw new Error('change failed');
    }));
    t.is((await store.labels.get(WS, 'USER_WORK'))?.threadCount, 1);
  });
}
