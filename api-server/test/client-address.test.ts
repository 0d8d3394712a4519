// Limits kept per client address count an IPv6 client by its /64 (issue 26): one subscriber's
// block holds 2⁶⁴ addresses, each of which used to get counters of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../src/http/client-address';
import { createHarness, type Harness } from './harness';

describe('addressKey', () => {
  it('keeps IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:7:1234::1')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:0DB8:0000:0007:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('the request limit per client', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT: '3' });
  });
  afterAll(() => h.close());

  const fromAddress = (remoteAddress: string) =>
    h.app.inject({ method: 'GET', url: '/list-club.php', remoteAddress });

  it('counts every address of one IPv6 /64 together, and another /64 apart', async () => {
    const statuses = [];
    for (const host of ['1', '2', 'a:b', 'ffff:1']) {
      statuses.push((await fromAddress(`2001:db8:0:7::${host}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fromAddress('2001:db8:0:8::1')).statusCode).toBe(200);
  });
});
