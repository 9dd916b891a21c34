/**
 * Where the service may connect to read an owner's pages: never a special-purpose address (private,
 * loopback, link-local, unique-local, multicast, documentation, or one carrying an IPv4 address a
 * gateway may reach), and only to the addresses it checked — a lookup pinned to them, so a DNS
 * answer that changes between the check and the connection (rebinding) changes nothing.
 */
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The IANA special-purpose ranges. An IPv4 rule also holds for the address written IPv4-mapped (::ffff:a.b.c.d). */
const BLOCKED = ((list: BlockList) => {
  for (const range of [
    '0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.0.0.0/24 192.0.2.0/24',
    '192.88.99.0/24 192.168.0.0/16 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24 224.0.0.0/4 240.0.0.0/4',
    // IPv4-compatible, NAT64 and 6to4 addresses carry an IPv4 address a gateway may reach for us.
    '::/96 64:ff9b::/96 64:ff9b:1::/48 100::/64 2001::/23 2001:db8::/32 2002::/16 3fff::/20',
    'fc00::/7 fe80::/10 fec0::/10 ff00::/8',
  ].flatMap((line) => line.split(' '))) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address!, Number(prefix), isIP(address!) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
})(new BlockList());

export const isBlockedAddress = (address: string): boolean =>
  isIP(address) !== 0 && BLOCKED.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** A lookup that answers the addresses already checked, whatever DNS says now. */
export const pinned =
  (addresses: readonly LookupAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    const fitting = addresses.filter((a) => !options.family || a.family === options.family);
    if (!fitting.length) return callback(Object.assign(new Error('no checked address'), { code: 'ENOTFOUND' }), '');
    if (options.all) callback(null, fitting);
    else callback(null, fitting[0]!.address, fitting[0]!.family);
  };
