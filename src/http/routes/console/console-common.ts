import type { PopularRanking } from '../../../catalogue/search/popular-ranking.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessService } from '../../../access/access-service.js';
import type { Config } from '../../../config.js';
import type { CatalogueService } from '../../../service/catalogue-service.js';
import type { AssetTable } from '../../../web/assets.js';
import type { ConsoleViewer } from '../../../web/console/console-layout.js';
import type { Actor } from '../../../store/access.js';
import type { ConsoleUser } from '../../session/console-sessions.js';
import { baseUrl } from '../../caller/base-url.js';
import type { Webhooks } from '../../../webhooks/webhooks.js';

/** What the console's routes need: the same services the admin API writes through, never the store directly. */
export interface ConsoleDeps {
  readonly config: Config;
  readonly catalogue: CatalogueService;
  readonly access: AccessService;
  readonly webhooks: Webhooks;
  readonly assets: AssetTable;
  /** The popular order of the moment (decisions §21), for `sort=popular` on the slots page as on /search. */
  readonly popular: () => PopularRanking;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may open a console route: anyone (sign-in), any operator (the default), or owners only. */
    console?: 'anyone' | 'owner';
  }
}

const users = new WeakMap<FastifyRequest, ConsoleUser>();

export function setUser(request: FastifyRequest, user: ConsoleUser): void {
  users.set(request, user);
}

/** The signed-in operator of a console request past the session check. */
export function userOf(request: FastifyRequest): ConsoleUser {
  const user = users.get(request);
  if (user === undefined) throw new Error(`no console session for ${request.method} ${request.url}: the route is not behind the session check`);
  return user;
}

export const viewerOf = (request: FastifyRequest): ConsoleViewer => userOf(request);
export const actorOfUser = (request: FastifyRequest): Actor => ({ type: 'operator', name: userOf(request).name });
export const baseOf = (request: FastifyRequest, deps: ConsoleDeps): string => baseUrl(request, deps.config);

const HTML = 'text/html; charset=utf-8';

export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.code(status).type(HTML).send(page);
}

/** A form body's field as one string: absent, repeated or non-text values read as empty or first. */
export function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : '';
}

/** Every value a form sent under `name` (ticked checkboxes). */
export function formFields(body: unknown, name: string): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const value = (body as Record<string, unknown>)[name];
  return (Array.isArray(value) ? (value as unknown[]) : [value]).filter((item): item is string => typeof item === 'string');
}

const ID = /^[1-9][0-9]{0,14}$/;

/** A path id, or undefined when it names nothing. */
export function pathId(request: FastifyRequest): number | undefined {
  const raw = (request.params as { id?: string }).id ?? '';
  return ID.test(raw) ? Number(raw) : undefined;
}
