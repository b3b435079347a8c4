import { isIPv6, ipv6Network, readAddress } from '../../net/ip.js';

/**
 * A client address reduced to its network, for logs that must not identify a person: IPv4 to its
 * /24 (`203.0.113.0`), IPv6 to its /48 (`2001:db8:85a3::`). Anything else is not shown at all.
 */
export function networkOf(text: string): string {
  const address = readAddress(text);
  if (address === undefined) return 'unknown';
  if (isIPv6(address)) return ipv6Network(address, 48);
  const [a, b, c] = address.octets;
  return `${a}.${b}.${c}.0`;
}
