import { isIPv6, ipv6Network, networkGroups, readAddress } from '../net/ip.js';

/** Longest text of a non-address client kept in its key, so no client can make a key grow. */
const MAX_OTHER_LENGTH = 64;
/** Starts every packed IPv6 key; no other string key starts with it. */
const IPV6_MARK = '6';

const otherKey = (client: string) => `other:${encodeURIComponent(client.slice(0, MAX_OTHER_LENGTH).toWellFormed())}`;

/**
 * The counter key of a client, as text: one key per IPv4 address however it is written (an IPv4
 * client of a dual-stack socket arrives as `::ffff:1.2.3.4`, the same client as `1.2.3.4`), one per
 * IPv6 network of `ipv6Prefix` bits (`2001:db8:0:ff00::/56`), since one subscriber holds a whole
 * network; bounded in length whatever a forwarded header held.
 */
export function clientKey(client: string, ipv6Prefix: number): string {
  const address = readAddress(client);
  if (address === undefined) return otherKey(client);
  return isIPv6(address) ? `${ipv6Network(address, ipv6Prefix)}/${ipv6Prefix}` : address.toString();
}

/**
 * The same key in as little memory as it fits: IPv4 as a 32-bit integer (a Map key that allocates
 * nothing), an IPv6 network as a string of the groups its prefix covers, one character each.
 */
export function compactClientKey(client: string, ipv6Prefix: number): number | string {
  const address = readAddress(client);
  if (address === undefined) return otherKey(client);
  if (!isIPv6(address)) return address.octets.reduce((packed, octet) => packed * 256 + octet, 0);
  const groups = networkGroups(address, ipv6Prefix).slice(0, Math.ceil(ipv6Prefix / 16));
  return IPV6_MARK + String.fromCharCode(...groups);
}

/** Distinct client texts whose keys are remembered; past it the memory starts again, so a flood cannot grow it. */
const REMEMBERED_CLIENTS = 4096;

/**
 * `compactClientKey` remembered per client text: a keep-alive connection sends many requests from one
 * address, and reading the address again for each was a tenth of a cached lookup's CPU.
 */
export class CompactClientKeys {
  private readonly keys = new Map<string, number | string>();

  constructor(private readonly ipv6Prefix: number) {}

  of(client: string): number | string {
    let key = this.keys.get(client);
    if (key === undefined) {
      if (this.keys.size >= REMEMBERED_CLIENTS) this.keys.clear();
      key = compactClientKey(client, this.ipv6Prefix);
      this.keys.set(client, key);
    }
    return key;
  }
}

/** `clientKey` remembered per client text, as `CompactClientKeys` does for the compact form. */
export class ClientKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly ipv6Prefix: number) {}

  of(client: string): string {
    let key = this.keys.get(client);
    if (key === undefined) {
      if (this.keys.size >= REMEMBERED_CLIENTS) this.keys.clear();
      key = clientKey(client, this.ipv6Prefix);
      this.keys.set(client, key);
    }
    return key;
  }
}
