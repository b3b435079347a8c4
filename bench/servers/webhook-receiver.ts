/*
 * A webhook receiver for bench:changes, as a process of its own (a partner's receiver is not in the
 * load generator's event loop): answers every POST 200 at once and keeps the `webhook-id`s in
 * arrival order; `GET /ids` answers them as JSON. Prints its port on stdout once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const ids: string[] = [];
const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ids));
    return;
  }
  request.resume();
  request.on('end', () => {
    ids.push(String(request.headers['webhook-id']));
    response.writeHead(200).end();
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
