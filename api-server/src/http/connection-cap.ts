import { BlockList, isIPv6, type Server } from 'node:net';
import { addressKey, plainAddress as plain } from './client-address';
import type { Config } from '../config';

/**
 * Whether a socket's peer is a trusted proxy (TRUST_PROXY): its connections carry many clients,
 * each capped by the proxy itself. A hop count trusts every peer; an address list, its entries.
 */
export function trustedPeer(setting: Config['trustProxy']): (address: string) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return () => true;
  const list = new BlockList();
  for (const entry of setting) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const peer = plain(address);
    return list.check(peer, isIPv6(peer) ? 'ipv6' : 'ipv4');
  };
}

/**
 * Caps the connections one client address holds open at once (CONNECTIONS_PER_ADDRESS): one
 * more is closed as soon as it arrives, before it costs a request, so one address cannot take
 * every file descriptor while other clients wait. A trusted proxy's connections are not capped.
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: (address: string) => boolean,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const peer = socket.remoteAddress ?? '';
    if (exempt(peer)) return;
    const address = addressKey(peer);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
