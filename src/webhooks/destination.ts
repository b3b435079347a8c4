import { lookup as lookupAddresses, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

const MAX_URL_LENGTH = 2048;

/** A webhook URL that may not be used; the message names the field and what is wrong. */
export class DestinationError extends Error {
  override readonly name = 'DestinationError';
}

/** The URL of an endpoint as an owner gives it: absolute, http or https, no user name or password. */
export function endpointUrl(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH) throw new DestinationError(`url: longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationError(`url: not an absolute URL: ${JSON.stringify(raw.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DestinationError(`url: must be http or https, got ${JSON.stringify(url.protocol)}`);
  if (url.username !== '' || url.password !== '') throw new DestinationError('url: must not carry a user name or password');
  return url;
}

/**
 * Whether an address is one a webhook may reach: ordinary public unicast only. Loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, reserved and the IPv6 forms that embed an
 * IPv4 address (mapped, 6to4, Teredo, NAT64) are all refused; a mapped IPv4 is judged as itself.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function refused(host: string, address: string): DestinationError {
  const named = host === address ? address : `${host} (${address})`;
  return new DestinationError(`url: ${named} is a loopback, private or link-local address; webhooks go to public addresses only`);
}

/**
 * Checks where a URL leads: every address its host resolves to must be public, unless private
 * destinations are allowed (WEBHOOK_ALLOW_PRIVATE, for tests and closed networks).
 */
export async function checkDestination(url: URL, allowPrivate: boolean): Promise<void> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) {
    if (!allowPrivate && !isPublicAddress(host)) throw refused(host, host);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new DestinationError(`url: the host ${JSON.stringify(host)} does not resolve`);
  }
  if (allowPrivate) return;
  const bad = addresses.find(({ address }) => !isPublicAddress(address));
  if (bad !== undefined) throw refused(host, bad.address);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http that refuses a private address as the connection is made: the address
 * checked is the address connected to, so a name that resolves to a public address when the URL is
 * checked and to a private one when it is used (DNS rebinding) is still refused.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    lookupAddresses(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = allowPrivate ? undefined : addresses.find(({ address }) => !isPublicAddress(address));
      if (bad !== undefined) return callback(Object.assign(refused(hostname, bad.address), { code: 'EREFUSEDDESTINATION' }), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (first === undefined) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Whether the URL's host is an address literal that may not be reached (names are checked as they are looked up). */
export function literalRefusal(url: URL, allowPrivate: boolean): DestinationError | undefined {
  const host = hostOf(url);
  return !allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host) ? refused(host, host) : undefined;
}
