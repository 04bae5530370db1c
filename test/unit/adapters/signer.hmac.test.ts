import test from 'ava';
import { createHmac } from 'node:crypto';
import { HmacSigner } from '../../../adapters/crypto-node/signer.hmac.ts';

const key = Buffer.alloc(32, 7);
const signer = new HmacSigner(key);

test('signature is HMAC-SHA256 in base64url and verifies', (t) => {
  const sig = signer.sign('cursor:42');
  t.is(sig, createHmac('sha256', key).update('cursor:42').digest('base64url'));
  t.regex(sig, /^[A-Za-z0-9_-]{43}$/);
  t.true(signer.verify('cursor:42', sig));
});

test('another text, another key or garbage does not verify', (t) => {
  const sig = signer.sign('cursor:42');
  t.false(signer.verify('cursor:43', sig));
  t.false(new HmacSigner(Buffer.alloc(32, 8)).verify('cursor:42', sig));
  t.false(signer.verify('cursor:42', ''));
  t.false(signer.verify('cursor:42', 'not a signature'));
  t.false(signer.verify('cursor:42', sig.slice(0, -1)));
  t.false(signer.verify('cursor:42', sig + '='));
  t.false(signer.verify('cursor:42', 'é'.repeat(43)));
  t.false(signer.verify('cursor:42', undefined as unknown as string));
});

test('a short key is refused', (t) => {
  t.throws(() => new HmacSigner(Buffer.alloc(4)), { message: /at least 16 bytes/ });
});
