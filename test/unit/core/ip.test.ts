import test from 'ava';
import { ipAllowed, parseIp, parseIpRange } from '../../../core/kernel/ip.ts';

test('IPv4 addresses and ranges, including IPv4-mapped IPv6 peers', (t) => {
  t.true(ipAllowed('127.0.0.1', ['127.0.0.0/8']));
  t.true(ipAllowed('::ffff:127.0.0.1', ['127.0.0.1']));
  t.false(ipAllowed('10.0.0.1', ['127.0.0.0/8']));
  t.true(ipAllowed('1.2.3.4', ['0.0.0.0/0']));
  t.false(ipAllowed('::1', ['0.0.0.0/0']), 'an IPv4 range never covers a native IPv6 peer');
});

test('IPv6 addresses and ranges, compressed forms', (t) => {
  t.true(ipAllowed('2001:db8::5', ['2001:db8::/32']));
  t.false(ipAllowed('2001:db9::5', ['2001:db8::/32']));
  t.true(ipAllowed('::1', ['::1']));
  t.true(ipAllowed('2001:0db8:0000:0000:0000:0000:0000:0001', ['2001:db8::1/128']));
  t.true(ipAllowed('fe80::1%eth0', ['fe80::/10']));
});

test('malformed input is refused, never thrown', (t) => {
  for (const bad of ['1.2.3.4/33', '::1/129', '1.2.3', '256.1.1.1', '01.2.3.4', '1::2::3', 'host.test', '', '1.2.3.4/']) {
    t.is(parseIpRange(bad), null, bad);
  }
  t.is(parseIp('::'), 0n);
  t.false(ipAllowed('nonsense', ['0.0.0.0/0']));
});
