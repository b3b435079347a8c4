import { request, type Agent } from 'node:http';

export interface Reply {
  readonly status: number;
  /** Header names and values as they arrived, in order. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  /** From sending the request to the last byte of the answer. */
  readonly ms: number;
}

export interface Call {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  readonly agent?: Agent;
  readonly timeoutMs?: number;
}

/** One HTTP request over loopback, whole answer in memory; fails on a socket error or after `timeoutMs`. */
export function call(url: string, options: Call = {}): Promise<Reply> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${options.method ?? 'GET'} ${url}: no answer in time`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The header's value in a raw header list, matched case-insensitively. */
export function headerOf(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}
