import { isIPv4, isIPv6 } from 'node:net';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it is. */
export function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIPv4(lower.slice(7)) ? lower.slice(7) : address;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an IPv4 tail counts as two). */
function groupsOf(address: string): string[] {
  const halves = address.split('::');
  const parts = (half: string | undefined) => (half ? half.split(':') : []);
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const left = parts(halves[0]);
  const right = parts(halves[1]);
  const gap = halves.length > 1 ? 8 - width(left) - width(right) : 0;
  return [...left, ...Array<string>(Math.max(0, gap)).fill('0'), ...right];
}

/**
 * What the limits kept per client address (requests a minute, uploads in flight, failed logins,
 * SMS asked for, connections) count a client as: an IPv4 address as it is; an IPv6 address by
 * its /64, the block one subscriber gets (RFC 6177): counting single IPv6 addresses would give
 * one client 2⁶⁴ fresh counters.
 *
 * @example
 * addressKey('203.0.113.9') // '203.0.113.9'
 * addressKey('2001:db8:0:7:1234::1') // '2001:db8:0:7::/64'
 * addressKey('::ffff:203.0.113.9') // '203.0.113.9'
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address.split('%')[0] ?? address);
  if (!isIPv6(plain)) return plain;
  const prefix = groupsOf(plain.toLowerCase())
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
