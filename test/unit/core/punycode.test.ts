import test from 'ava';
import { domainToASCII } from 'node:url';
import { domainToAscii, punycodeEncode } from '../../../core/kernel/punycode.ts';

test('punycode: RFC 3492 sample strings', (t) => {
  // RFC 3492 section 7.1: (A) Arabic, (L) Japanese, (S) "-> $1.00 <-" (all basic).
  t.is(punycodeEncode('\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F'), 'egbpdaj6bu4bxfgehfvwxn');
  t.is(punycodeEncode('3\u5E74B\u7D44\u91D1\u516B\u5148\u751F'), '3B-ww4c5e180e575a65lsy2b');
  t.is(punycodeEncode('-> $1.00 <-'), '-> $1.00 <--');
});

test('domainToAscii: matches the WHATWG URL host conversion on typed names', (t) => {
  for (const name of ['münchen.de', 'Bücher.Example', '例え.テスト', 'правительство.рф', 'δοκιμή.gr', '😀.com', 'mañana。com', 'ＡＣＭＥ.test', 'ﬁ.com', 'plain.test']) {
    t.is(domainToAscii(name), domainToASCII(name), name);
  }
});

test('domainToAscii: ASCII labels pass unchanged (validation is the caller\'s); an overlong label is null', (t) => {
  t.is(domainToAscii('a_b..c'), 'a_b..c');
  t.is(domainToAscii(`${'ü'.repeat(70)}.test`), null);
});
