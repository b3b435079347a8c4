import { createRequire } from 'node:module';
import type { SerializerFactory, Serializer } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled at its first answer rather
 * than at start-up. Compiling all of them took ~100 ms of every start, at any catalogue size, for
 * routes of which a server may answer only a few (the hot ones are written by the fast path).
 * The compiler itself is required at the first compile, not imported: fast-json-stringify loads Ajv
 * as it loads, some 70 ms of CPU of every process that made an app, most of which never serialize.
 */
export function lazySerializers(): SerializerFactory {
  let selector: SerializerFactory | undefined;
  return (externalSchemas, options) => {
    let compile: ReturnType<SerializerFactory> | undefined;
    return (route) => {
      let serialize: Serializer | undefined;
      return (document) => {
        if (serialize === undefined) {
          selector ??= (createRequire(import.meta.url)('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)();
          compile ??= selector(externalSchemas, options);
          serialize = compile(route);
        }
        return serialize(document);
      };
    };
  };
}
