import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { ErrorBodySchema, HttpError } from '../answers/errors.js';
import type { MetricsExposition } from '../observability/metrics.js';
import type { Authenticator } from '../../access/authenticator.js';
import { needs, registerAdminAuth } from '../plugins/admin-auth.js';

/** Probes usually give up after a second; the readiness answer comes before that. */
const READY_TIMEOUT_MS = 900;

export interface OperationsDeps {
  readonly catalogue: CatalogueService;
  readonly metrics: MetricsExposition;
  readonly authenticator: Authenticator;
}

const HealthSchema = Type.Object({ status: Type.Literal('ok') }, { description: 'The process is alive' });
const ReadySchema = Type.Object({ status: Type.Literal('ready'), slots: Type.Integer() }, { description: 'Ready to serve, with the size of the catalogue served' });
const NotReadySchema = { ...ErrorBodySchema, description: 'The database does not answer, so this instance should get no traffic' };
const MetricsSchema = {
  description: 'Prometheus text exposition format',
  content: { 'text/plain': { schema: { type: 'string' } } },
} as const;

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Liveness, readiness and the Prometheus metrics: outside `/api`, so never rate limited.
 * Metrics need the `admin` scope (an `admin` token or the `ADMIN_TOKEN`), as the admin API's webhook routes do.
 */
export function operationsRoutes(app: FastifyInstance, deps: OperationsDeps): void {
  app.register(async (ops) => {
    ops.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    ops.get(
      '/healthz',
      { schema: { operationId: 'health', tags: ['operations'], summary: 'Liveness: the process is alive', response: { 200: HealthSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    ops.get(
      '/readyz',
      {
        schema: {
          operationId: 'ready',
          tags: ['operations'],
          summary: 'Readiness: the database answers and a catalogue snapshot is being served',
          response: { 200: ReadySchema, 503: NotReadySchema },
        },
      },
      async (request) => {
        try {
          await within(deps.catalogue.store.ping(), READY_TIMEOUT_MS);
        } catch (error) {
          request.log.warn({ err: error }, 'readiness: the database did not answer');
          throw new HttpError(503, 'database: not reachable, so this instance is not ready');
        }
        // The service loads its first snapshot before it is handed to the app, so one is always there.
        return { status: 'ready' as const, slots: deps.catalogue.current.size };
      },
    );

    ops.register(async (secured) => {
      registerAdminAuth(secured, deps.authenticator);
      const metricsSchema = { operationId: 'metrics', tags: ['operations'], summary: 'Prometheus metrics (behind the `admin` scope)', response: { 200: MetricsSchema } };
      secured.get('/metrics', { ...needs('admin'), schema: metricsSchema }, async (_request, reply) =>
        reply.type(deps.metrics.contentType).send(await deps.metrics.render()),
      );
    });
  });
}
