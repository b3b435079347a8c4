import { SerializerSelector, type SerializerFactory, type Serializer } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled at its first answer rather
 * than at start-up. Compiling all of them took ~100 ms of every start, at any catalogue size, for
 * routes of which a server may answer only a few (the hot ones are written by the fast path).
 */
export function lazySerializers(): SerializerFactory {
  const eager = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined;
      return (document) => (serialize ??= compile(route))(document);
    };
  };
}
