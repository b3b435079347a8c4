import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { dailyReport, report } from '../../insights/reports.js';
import type { InsightStore } from '../../store/insights.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import { DAILY_KIND_NAMES, dailyQuery, dateOf, MAX_REPORT_DAYS, REPORT_KIND_NAMES, REPORT_LIMIT_DEFAULT, REPORT_LIMIT_MAX, reportQuery } from '../input/insight-query.js';
import { needs } from '../plugins/admin-auth.js';
import { committed, error } from './admin-common.js';

const RANGE_PARAMETERS = {
  from: Type.Optional(Type.String({ description: 'First day, YYYY-MM-DD (UTC); default: 6 days before `to`' })),
  to: Type.Optional(Type.String({ description: `Last day, YYYY-MM-DD (UTC), included; default: today. At most ${MAX_REPORT_DAYS} days in all` })),
};
const ReportQuerySchema = Type.Object({
  kind: Type.String({ description: `One of ${REPORT_KIND_NAMES.join(', ')}; gaps are the matches and searches that found nothing` }),
  ...RANGE_PARAMETERS,
  limit: Type.Optional(Type.String({ description: `Rows, 1-${REPORT_LIMIT_MAX} (default ${REPORT_LIMIT_DEFAULT})` })),
});
const DailyQuerySchema = Type.Object({
  kind: Type.String({ description: `One of ${DAILY_KIND_NAMES.join(', ')}` }),
  key: Type.String({ description: 'A key as the report lists it' }),
  ...RANGE_PARAMETERS,
});
const REPORT_DESCRIPTION = 'Most counted first, ties by key. A match, search or emoji-search key is listed only once 3 distinct visitors asked it on one day';
const DAILY_DESCRIPTION = "The key's count on each day of the range (0 where none, and everywhere for a typed key fewer than 3 visitors asked on any day)";
const ReportSchema = Type.Object(
  {
    rows: Type.Array(
      Type.Object({
        key: Type.String({ description: 'A slot id (plays, views); the emoji keys asked, sorted (matches); the words of the search (searches)' }),
        count: Type.Integer(),
        visitors: Type.Integer({ description: 'Distinct visitors over the range, estimated (within 2 %)' }),
        found: Type.Optional(Type.Boolean({ description: 'Matches and searches: whether any of them found something' })),
        kind: Type.Optional(Type.Union([Type.Literal('match'), Type.Literal('search')], { description: 'Gaps: what found nothing' })),
      }),
    ),
    from: Type.String(),
    to: Type.String(),
  },
  {
    description: REPORT_DESCRIPTION,
    examples: [{ rows: [{ key: 'cherry', count: 42, visitors: 17, found: true }], from: '2026-06-09', to: '2026-06-15' }],
  },
);
const DailySchema = Type.Object(
  {
    kind: Type.String(),
    key: Type.String(),
    days: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() })),
    from: Type.String(),
    to: Type.String(),
  },
  { description: DAILY_DESCRIPTION },
);
const csv = (description: string) => ({ 'text/csv': { schema: { type: 'string', description } } });

/** Whether the client asked for CSV rather than JSON. */
const wantsCsv = (request: FastifyRequest) => request.headers.accept?.includes('text/csv') === true;

/** One CSV field: quoted when it holds a separator, a quote or a line break (RFC 4180). */
const field = (value: string | number | boolean | undefined) => {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function sendCsv(reply: FastifyReply, header: readonly string[], rows: readonly (readonly (string | number | boolean | undefined)[])[]): FastifyReply {
  const lines = [header, ...rows].map((row) => row.map(field).join(','));
  return reply.type('text/csv; charset=utf-8').send(Buffer.from(`${lines.join('\r\n')}\r\n`));
}

/** The insight reports (decisions §21), scope read. */
export function adminInsightRoutes(admin: FastifyInstance, deps: { readonly store: InsightStore; readonly now: () => number }): void {
  const reportSchema = {
    operationId: 'insights',
    tags: ['admin'],
    summary: 'What visitors played, viewed, matched and searched, and what found nothing (scope: read)',
    querystring: ReportQuerySchema,
    response: {
      200: { description: REPORT_DESCRIPTION, content: { 'application/json': { schema: ReportSchema }, ...csv('With Accept: text/csv: key,count,visitors,found,kind') } },
      400: error('A parameter is not valid; the message names it'),
    },
  };
  admin.get('/insights', { ...DOCUMENTED_ONLY, ...needs('read'), schema: reportSchema }, async (request, reply) => {
    const { kind, range, limit } = reportQuery(request.query as Record<string, string | undefined>, deps.now());
    const rows = await committed(report(deps.store, kind, range, limit));
    if (wantsCsv(request)) return sendCsv(reply, ['key', 'count', 'visitors', 'found', 'kind'], rows.map((row) => [row.key, row.count, row.visitors, row.found, row.kind]));
    return reply.send({ rows, from: dateOf(range.fromDay), to: dateOf(range.toDay) });
  });

  const dailySchema = {
    operationId: 'insightsDaily',
    tags: ['admin'],
    summary: "One key's daily counts (scope: read)",
    querystring: DailyQuerySchema,
    response: {
      200: { description: DAILY_DESCRIPTION, content: { 'application/json': { schema: DailySchema }, ...csv('With Accept: text/csv: date,count') } },
      400: error('A parameter is not valid; the message names it'),
    },
  };
  admin.get('/insights/daily', { ...DOCUMENTED_ONLY, ...needs('read'), schema: dailySchema }, async (request, reply) => {
    const { kind, key, range } = dailyQuery(request.query as Record<string, string | undefined>, deps.now());
    const days = (await committed(dailyReport(deps.store, kind, key, range))).map(({ day, count }) => ({ date: dateOf(day), count }));
    if (wantsCsv(request)) return sendCsv(reply, ['date', 'count'], days.map(({ date, count }) => [date, count]));
    return reply.send({ kind, key, days, from: dateOf(range.fromDay), to: dateOf(range.toDay) });
  });
}
