import { createRequire } from 'node:module';
import type { BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/** What @fastify/ajv-compiler makes and how Fastify calls it (its declarations type the compiler as Ajv's own `compile`). */
type RouteCompiler = FastifySchemaCompiler<unknown>;
type CompilerFromPool = (...args: Parameters<BuildCompilerFromPool>) => RouteCompiler;

/**
 * Fastify's own validator compilers (Ajv, through @fastify/ajv-compiler), loaded when a route first
 * needs one. Fastify loads Ajv as each app is made, though no route has Fastify validate its input
 * (request schemas are documented only, see DOCUMENTED_ONLY, and the handlers validate): loading it
 * took some 70 ms of CPU of every process that made an app. Required, not imported, so that neither
 * this module nor a bundle holding it loads Ajv before then.
 *
 * Fastify counts a compiler given here as a custom one, and leaves the names in a headers schema as
 * written, where for its own Ajv it lowercases them: a headers schema is refused at start rather than
 * validated differently.
 */
export function lazyValidators(): BuildCompilerFromPool {
  let made: CompilerFromPool | undefined;
  const fromPool: CompilerFromPool = (externalSchemas, options) => {
    made ??= (createRequire(import.meta.url)('@fastify/ajv-compiler') as () => CompilerFromPool)();
    const compile = made(externalSchemas, options);
    return (route) => {
      if (route.httpPart === 'headers') throw new Error(`${route.method} ${route.url}: a headers schema is not validated by Fastify here (see lazy-validators.ts)`);
      return compile(route);
    };
  };
  return fromPool as unknown as BuildCompilerFromPool;
}
