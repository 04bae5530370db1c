import test from 'ava';
import { sortableHex } from '../../../core/kernel/sortable-id.ts';
import { NodeIdSource } from '../../../adapters/crypto-node/id-source.node.ts';

test('ids made in one millisecond sort in the order they were made; later milliseconds sort after', (t) => {
  const ids = new NodeIdSource();
  const at = new Date('2026-11-22T10:00:00.000Z');
  const made = Array.from({ length: 50 }, () => sortableHex(at, ids));
  t.deepEqual([...made].sort(), made);
  const later = sortableHex(new Date(at.getTime() + 1), ids);
  t.true(later > made.at(-1)!);
  t.true(made.every((id) => /^[0-9a-f]{24}$/.test(id)));
});
