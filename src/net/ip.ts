import ipaddr from 'ipaddr.js';

/** An IP address as ipaddr.js reads it. */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * The one way this service reads a client address, as a socket or a proxy wrote it: IPv4, IPv6 in
 * any spelling (zone dropped), and IPv4-mapped IPv6 (`::ffff:1.2.3.4`, how a dual-stack socket
 * reports an IPv4 client) read as the IPv4 address it carries. Undefined for anything else.
 */
export function readAddress(text: string): IpAddress | undefined {
  try {
    return ipaddr.process(text);
  } catch {
    return undefined;
  }
}

/** The 16-bit groups of an IPv6 address with every bit past the first `bits` cleared. */
export function networkGroups(address: ipaddr.IPv6, bits: number): number[] {
  return address.parts.map((group, index) => {
    const kept = Math.min(16, Math.max(0, bits - index * 16));
    return group & (0xffff << (16 - kept)) & 0xffff;
  });
}

/** The network of `bits` leading bits an IPv6 address belongs to, written in its short form (`2001:db8::`). */
export function ipv6Network(address: ipaddr.IPv6, bits: number): string {
  return new ipaddr.IPv6(networkGroups(address, bits)).toString();
}

export const isIPv6 = (address: IpAddress): address is ipaddr.IPv6 => address.kind() === 'ipv6';
