import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON body parser, with its prototype-poisoning checks (a `__proto__` key, a
 * `constructor` with a `prototype`: refused), as a function that returns the value or throws the
 * error Fastify would answer.
 */
export function jsonParser(app: FastifyInstance): (text: string) => unknown {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (text) => {
    let outcome: { readonly error: Error | null; readonly value: unknown } | undefined;
    parse(undefined as never, text, (error, value) => {
      outcome = { error, value };
    });
    if (outcome === undefined) throw new Error('the JSON parser did not answer at once');
    if (outcome.error !== null) throw outcome.error;
    return outcome.value;
  };
}
