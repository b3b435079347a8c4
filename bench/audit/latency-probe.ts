/**
 * A child process of bench/audit.ts: asks `url` over `connections` keep-alive connections, one request
 * at a time each, for `seconds`, and prints the latencies (ms) as one JSON line. Apart from the server
 * so its own work does not count as the server's.
 *
 *   node --import tsx bench/audit/latency-probe.ts <url> <connections> <seconds>
 */
import { Agent } from 'node:http';
import { call } from '../load/http-client.js';

const [url = '', connections = '2', seconds = '5'] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const until = Date.now() + Number(seconds) * 1000;
const latencies: number[] = [];

async function loop(): Promise<void> {
  while (Date.now() < until) {
    const reply = await call(url, { agent });
    if (reply.status !== 200) throw new Error(`${url}: status ${reply.status}`);
    latencies.push(reply.ms);
  }
}

await Promise.all(Array.from({ length: Number(connections) }, () => loop()));
agent.destroy();
process.stdout.write(`${JSON.stringify(latencies)}\n`);
