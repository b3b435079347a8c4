import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../../config.js';

/** Whether the address at `hop` of the chain (0: the socket, then X-Forwarded-For right to left) is a trusted proxy. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * `TRUST_PROXY` as the function proxy-addr (what Express and Fastify use) asks, or false to trust
 * nobody. A hop count trusts the nearest N addresses of the chain, as Express does.
 */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false || trust === 0) return false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile([...trust]);
}

/**
 * The client of a request: the socket's address, or with trusted proxies the rightmost address of
 * the chain (X-Forwarded-For entries, then the socket) that is not trusted, else its leftmost.
 * Undefined once the socket is gone.
 */
export function clientAddress(request: IncomingMessage, trust: TrustFunction | false): string | undefined {
  const socketAddress = remoteAddressOf(request.socket);
  if (socketAddress === undefined) return undefined;
  return trust === false ? socketAddress : proxyAddr(request, trust);
}

/** The peer address of each socket once it has been read: a connection's peer never changes. */
const socketAddresses = new WeakMap<Socket, string>();

/**
 * `socket.remoteAddress`, read from the socket once per connection: the getter asks the socket's
 * handle again on every read, a few hundred instructions of each keep-alive request.
 */
function remoteAddressOf(socket: Socket): string | undefined {
  let address = socketAddresses.get(socket);
  if (address === undefined) {
    address = socket.remoteAddress;
    if (address !== undefined) socketAddresses.set(socket, address);
  }
  return address;
}

/** The scheme and host a request was sent to. */
export interface Origin {
  readonly protocol: string;
  readonly host: string | undefined;
}

/** The last entry of a header a chain of proxies may have appended to: the one the nearest proxy wrote. */
function nearestEntry(value: string | readonly string[]): string {
  const text = typeof value === 'string' ? value : value.join(',');
  return text.slice(text.lastIndexOf(',') + 1).trim();
}

/**
 * The origin a request was sent to: its own `Host` and the socket's scheme, or what
 * `X-Forwarded-Proto` and `X-Forwarded-Host` say when the socket's own address is a trusted proxy.
 */
export function requestOrigin(request: IncomingMessage, trust: TrustFunction | false): Origin {
  const { headers, socket } = request;
  const fromProxy = trust !== false && socket.remoteAddress !== undefined && trust(socket.remoteAddress, 0);
  const forwardedProto = fromProxy ? headers['x-forwarded-proto'] : undefined;
  const forwardedHost = fromProxy ? headers['x-forwarded-host'] : undefined;
  return {
    protocol: forwardedProto ? nearestEntry(forwardedProto).toLowerCase() : (socket as TLSSocket).encrypted === true ? 'https' : 'http',
    host: forwardedHost ? nearestEntry(forwardedHost) : headers.host,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Which proxies are believed (`TRUST_PROXY`), compiled once; Fastify's `request.ip` asks the same. */
    proxyTrust: TrustFunction | false;
  }
}
