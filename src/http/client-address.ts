import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function ipv4Network(address: string): string {
  return `${address.split('.').slice(0, 3).join('.')}.0`;
}

/** The eight groups of an IPv6 address `isIPv6` accepted: `::` expanded, an IPv4 tail as two groups, zone dropped. */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * A client address reduced to its network, for logs that must not identify a person: IPv4 to its
 * /24 (`203.0.113.0`), IPv6 to its /48 (`2001:db8:85a3::`). Anything else is not shown at all.
 */
export function networkOf(address: string): string {
  if (isIPv4(address)) return ipv4Network(address);
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return ipv4Network(mapped);
  if (!isIPv6(address)) return 'unknown';
  const [a, b, c] = ipv6Groups(address).map((group) => group.toString(16));
  return `${a}:${b}:${c}::`;
}
