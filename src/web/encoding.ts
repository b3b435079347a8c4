/** The content codings the precompressed assets come in, best first. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

const PREFERRED: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The best coding an `Accept-Encoding` header allows: br, then gzip, else identity.
 * Honours `q=0` (refusal) and the `*` wildcard.
 */
export function negotiateCoding(header: string | undefined): ContentCoding {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  return PREFERRED.find((coding) => weight(coding) > 0) ?? 'identity';
}
