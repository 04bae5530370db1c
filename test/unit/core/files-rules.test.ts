import test from 'ava';
import { cleanFileName, uploadName } from '../../../core/files/file-name.ts';
import { extensionOf, isProgramContent, isProgramName, isUnshareable } from '../../../core/files/dangerous-files.ts';
import { deletability, kindOf } from '../../../core/files/file.ts';
import { peekHead } from '../../../core/files/upload-stream.ts';
import { AppError } from '../../../core/kernel/errors.ts';

test('names: unfit characters to _, cut at 255 keeping the extension, surrogate pairs never split', (t) => {
  t.is(cleanFileName('a<b>:c"d/e\\f|g?h*i\u0000\n.txt'), 'a_b__c_d_e_f_g_h_i__.txt');
  t.is(cleanFileName(`${'😀'.repeat(300)}.jpeg`), `${'😀'.repeat(250)}.jpeg`);
  t.is([...cleanFileName('x'.repeat(256))].length, 255);
  t.is(cleanFileName(`${'x'.repeat(300)}.way-too-long-extension-here`).length, 255);
  t.is(uploadName('q.txt', 'h.txt'), 'q.txt');
  t.is(uploadName(undefined, 'caf%C3%A9.txt'), 'café.txt');
  t.is(uploadName('', 'h.txt'), 'h.txt');
  const err = t.throws(() => uploadName(undefined, undefined), { instanceOf: AppError });
  t.is(err?.code, 'upload_no_name');
});

test('programs by extension and by first bytes', (t) => {
  t.is(extensionOf('a.tar.GZ'), 'gz');
  t.is(extensionOf('evil.exe. . '), 'exe');
  t.is(extensionOf('noext'), '');
  for (const n of ['a.exe', 'a.DLL', 'a.sh', 'a.ps1', 'a.js', 'a.jar', 'a.app']) t.true(isProgramName(n), n);
  for (const n of ['a.txt', 'a.pdf', 'exe', 'a.bin', 'a.json']) t.false(isProgramName(n), n);
  t.true(isProgramContent(new Uint8Array([0x4d, 0x5a])));
  t.true(isProgramContent(new TextEncoder().encode('#!/usr/bin/env node')));
  t.false(isProgramContent(new Uint8Array([0x4d])));
  t.false(isProgramContent(new TextEncoder().encode('%PDF-1.7')));
  t.true(isUnshareable({ filename: 'x.txt', mimeType: 'Application/X-Sh; charset=x' }));
});

test('kinds from MIME types; deletability by usage and direction', (t) => {
  t.deepEqual(['image/PNG', 'application/pdf; x=1', 'audio/ogg', 'video/mp4', 'text/csv', 'application/zip'].map(kindOf), ['image', 'pdf', 'audio', 'video', 'text', null]);
  t.true(deletability({ usage: null, direction: 'inbound' }).deletable);
  t.true(deletability({ usage: 'sent', direction: 'uploaded' }).deletable);
  t.false(deletability({ usage: 'sent', direction: 'outbound' }).deletable);
  for (const usage of ['received', 'linked', 'scheduled'] as const) t.false(deletability({ usage, direction: 'uploaded' }).deletable);
});

test('peekHead reads only what it needs and replays every byte in order', async (t) => {
  let pulled = 0;
  async function* source() { for (const s of ['a', 'bc', 'defg', 'hij']) { pulled++; yield new TextEncoder().encode(s); } }
  const { head, rest } = await peekHead(source(), 4);
  t.is(new TextDecoder().decode(head), 'abcd');
  t.is(pulled, 3);
  let all = '';
  for await (const c of rest) all += new TextDecoder().decode(c);
  t.is(all, 'abcdefghij');
  const short = await peekHead((async function* () { yield new Uint8Array([1]); })(), 4);
  t.deepEqual([...short.head], [1]);
});
