import { isIPv4, isIPv6 } from 'node:net';

/** Longest text of a non-address client kept in its key, so no client can make a key grow. */
const MAX_OTHER_LENGTH = 64;
/** Starts every packed IPv6 key; no other string key starts with it. */
const IPV6_MARK = '6';

function packIPv4(address: string): number {
  return address.split('.').reduce((packed, octet) => (packed << 8) | Number(octet), 0);
}

function groupsOf(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [Number.parseInt(group, 16)];
    const packed = packIPv4(group);
    return [(packed >>> 16) & 0xffff, packed & 0xffff];
  });
}

/** The eight 16-bit groups of an address `isIPv6` accepted (`::` expanded, an IPv4 tail split, zone dropped). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The IPv4 address of an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`), packed, else undefined. */
function mappedIPv4(groups: readonly number[]): number | undefined {
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  return mapped ? (((groups[6] ?? 0) << 16) | (groups[7] ?? 0)) : undefined;
}

const dotted = (packed: number) => [24, 16, 8, 0].map((shift) => (packed >>> shift) & 255).join('.');

const otherKey = (client: string) => `other:${encodeURIComponent(client.slice(0, MAX_OTHER_LENGTH).toWellFormed())}`;

/**
 * The counter key of a client, as text: one key per address however it is written (an IPv4 client
 * of a dual-stack socket arrives as `::ffff:1.2.3.4`, the same client as `1.2.3.4`; IPv6 is written
 * with every group, lower case), bounded in length whatever a forwarded header held.
 */
export function clientKey(client: string): string {
  if (isIPv4(client)) return dotted(packIPv4(client));
  if (!isIPv6(client)) return otherKey(client);
  const groups = ipv6Groups(client);
  const v4 = mappedIPv4(groups);
  return v4 === undefined ? groups.map((group) => group.toString(16)).join(':') : dotted(v4);
}

/**
 * The same key in as little memory as it fits: IPv4 as a 32-bit integer (a Map key that allocates
 * nothing), IPv6 as a string of its eight groups, one character each.
 */
export function compactClientKey(client: string): number | string {
  if (isIPv4(client)) return packIPv4(client);
  if (!isIPv6(client)) return otherKey(client);
  const groups = ipv6Groups(client);
  return mappedIPv4(groups) ?? IPV6_MARK + String.fromCharCode(...groups);
}
