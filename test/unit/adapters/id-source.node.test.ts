import test from 'ava';
import { NodeIdSource } from '../../../adapters/crypto-node/id-source.node.ts';

const ids = new NodeIdSource();

test('hex gives 2 lower-case hex characters per byte, all different', (t) => {
  const seen = new Set<string>();
  for (let i = 0; i < 1000; i++) {
    const id = ids.hex(12);
    t.regex(id, /^[0-9a-f]{24}$/);
    seen.add(id);
  }
  t.is(seen.size, 1000);
});

test('uuid is a v4 UUID, all different', (t) => {
  const seen = new Set(Array.from({ length: 1000 }, () => ids.uuid()));
  t.is(seen.size, 1000);
  for (const u of seen) t.regex(u, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('secret is unpadded base64url: 32 bytes make 43 characters', (t) => {
  const s = ids.secret(32);
  t.regex(s, /^[A-Za-z0-9_-]{43}$/);
  t.is(Buffer.from(s, 'base64url').length, 32);
  t.not(ids.secret(32), s);
});

test('digits has exactly the length asked, keeps leading zeros, and covers every digit evenly', (t) => {
  const counts = new Array<number>(10).fill(0);
  let leadingZero = 0;
  const draws = 5000;
  for (let i = 0; i < draws; i++) {
    const code = ids.digits(6);
    t.regex(code, /^\d{6}$/);
    if (code[0] === '0') leadingZero++;
    for (const ch of code) counts[Number(ch)]!++;
  }
  t.true(leadingZero > 0, 'codes starting with 0 must occur');
  // 30,000 digits: each expected 3,000 times; ±15% is more than 8 standard deviations.
  for (const c of counts) t.true(c > 2550 && c < 3450, `digit count ${c} is far from uniform`);
  t.regex(ids.digits(30), /^\d{30}$/);
});

test('digits refuses a non-positive or fractional length', (t) => {
  t.throws(() => ids.digits(0), { instanceOf: RangeError });
  t.throws(() => ids.digits(2.5), { instanceOf: RangeError });
});
