import test from 'ava';
import { AesGcmSecretSealer } from '../../../adapters/crypto-node/secret-sealer.aes-gcm.ts';

const sealer = new AesGcmSecretSealer(Buffer.alloc(32, 1));

test('seal then open gives the plain text back, in the v1 format', (t) => {
  for (const plain of ['whsec_abc', '', 'pässwörd ✓ '.repeat(50)]) {
    const sealed = sealer.seal(plain);
    t.regex(sealed, /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
    t.false(sealed.includes(plain) && plain !== '');
    t.is(sealer.open(sealed), plain);
  }
});

test('each seal uses a new IV', (t) => {
  t.not(sealer.seal('same'), sealer.seal('same'));
});

test('any altered part is detected', (t) => {
  const sealed = sealer.seal('mailbox password');
  const parts = sealed.split('.');
  const flip = (s: string) => {
    const bytes = Buffer.from(s, 'base64url');
    bytes[0]! ^= 1;
    return bytes.toString('base64url');
  };
  for (const i of [1, 2, 3]) {
    const altered = parts.slice();
    altered[i] = flip(altered[i]!);
    t.throws(() => sealer.open(altered.join('.')), { instanceOf: Error, message: /failed authentication/ }, `part ${i}`);
  }
  t.throws(() => new AesGcmSecretSealer(Buffer.alloc(32, 2)).open(sealed), { message: /failed authentication/ });
});

test('malformed input is an Error, not a crash', (t) => {
  const sealed = sealer.seal('x');
  for (const bad of ['', 'garbage', sealed.replace(/^v1/, 'v2'), sealed + '.extra', sealed.replace('.', '.!'), sealed.split('.').slice(0, 3).join('.')]) {
    t.throws(() => sealer.open(bad), { instanceOf: Error }, bad);
  }
  const [v, iv, , body] = sealed.split('.');
  t.throws(() => sealer.open([v, iv, 'AAAA', body].join('.')), { message: /malformed/ });
});

test('the key must be 32 bytes', (t) => {
  t.throws(() => new AesGcmSecretSealer(Buffer.alloc(16)), { message: /32-byte/ });
});
