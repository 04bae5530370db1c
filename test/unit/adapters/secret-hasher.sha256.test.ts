import test from 'ava';
import { Sha256SecretHasher } from '../../../adapters/crypto-node/secret-hasher.sha256.ts';

const hasher = new Sha256SecretHasher();

test('hash is the SHA-256 hex digest', (t) => {
  t.is(hasher.hash('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  t.is(hasher.hash('abc'), hasher.hash('abc'));
});

test('matches the right secret only', (t) => {
  const stored = hasher.hash('wm_live_secret');
  t.true(hasher.matches('wm_live_secret', stored));
  t.false(hasher.matches('wm_live_secreT', stored));
  t.false(hasher.matches('', stored));
});

test('a stored hash of another length or shape is a mismatch, not an exception', (t) => {
  const stored = hasher.hash('s');
  t.false(hasher.matches('s', stored.slice(0, 10)));
  t.false(hasher.matches('s', stored + '00'));
  t.false(hasher.matches('s', ''));
  t.false(hasher.matches('s', 'z'.repeat(64)));
  t.false(hasher.matches('s', stored.toUpperCase()));
  t.false(hasher.matches('s', null as unknown as string));
});
