import type { IncomingMessage } from 'node:http';

/** `http://authority` or `https://authority`, then the rest of the target as sent. */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)(.*)$/is;

/**
 * Reads a request sent in absolute form (`GET http://host/api/slots HTTP/1.1`, as a client speaking to
 * a proxy sends it) as the same request in origin form: RFC 9112 §3.2.2 has a server accept it, take
 * the host from the target and ignore the Host header. The router already found such a target's
 * route; everything that reads the path (rate limits, the fast path, admin checks) now sees it too,
 * byte for byte as sent. Other forms (`*`, garbage) are left as they are, for the router.
 */
export function toOriginForm(request: IncomingMessage): void {
  const target = request.url;
  if (target === undefined || target.startsWith('/')) return;
  const absolute = ABSOLUTE_FORM.exec(target);
  if (absolute === null) return;
  const [, authority = '', rest = ''] = absolute;
  request.url = rest.startsWith('/') ? rest : `/${rest}`;
  // A user name and password have no place in an http(s) target (RFC 9110 §4.2.4): only the host is kept.
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  // An HTTP/1.1 request without a Host header stays without one, to be refused for it (RFC 9112 §3.2).
  if (host !== '' && request.headers.host !== undefined) request.headers.host = host;
}
