import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { clientAddress, trustFunction } from '../../../src/http/caller/proxy-trust.js';

/** A request on a socket whose peer address is `peer()` at each read, counting the reads. */
function requestFrom(peer: () => string | undefined, headers: IncomingMessage['headers'] = {}) {
  let reads = 0;
  const socket = {
    get remoteAddress() {
      reads += 1;
      return peer();
    },
  };
  return { request: { socket, headers, connection: socket } as unknown as IncomingMessage, reads: () => reads };
}

describe('clientAddress', () => {
  it("reads a connection's peer address from its socket once", () => {
    const { request, reads } = requestFrom(() => '203.0.113.7');
    for (let i = 0; i < 5; i++) assert.equal(clientAddress(request, false), '203.0.113.7');
    assert.equal(reads(), 1);
  });

  it('asks again while the socket has no address, and is undefined meanwhile', () => {
    const peers: (string | undefined)[] = [undefined, '198.51.100.4'];
    const { request, reads } = requestFrom(() => peers[Math.min(reads(), peers.length) - 1]);
    assert.equal(clientAddress(request, false), undefined);
    assert.equal(clientAddress(request, false), '198.51.100.4');
    assert.equal(reads(), 2);
  });

  it('takes the forwarded client when the socket is a trusted proxy', () => {
    const { request } = requestFrom(() => '10.0.0.1', { 'x-forwarded-for': '192.0.2.60' });
    const trust = trustFunction(['10.0.0.0/8']);
    assert.equal(clientAddress(request, trust), '192.0.2.60');
    assert.equal(clientAddress(request, false), '10.0.0.1');
  });
});
