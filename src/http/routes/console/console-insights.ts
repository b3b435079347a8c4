import type { FastifyInstance } from 'fastify';
import { insightsOverview } from '../../../insights/overview.js';
import { MIN_VISITORS_OF_TYPED_KEY } from '../../../insights/reports.js';
import { insightsPage, type NamedSlot } from '../../../web/console/insights-page.js';
import { dateOf } from '../../input/insight-query.js';
import { committed } from '../admin-common.js';
import { documented, page } from './console-schemas.js';
import { baseOf, sendPage, viewerOf, type ConsoleDeps } from './console-common.js';

const DAY_MS = 86_400_000;

/** The console's Insights page (decisions §21): every operator may read the reports (scope `read`, §17). */
export function consoleInsightRoutes(console: FastifyInstance, deps: ConsoleDeps & { readonly now: () => number }): void {
  const { catalogue, assets } = deps;
  console.get(
    '/insights',
    documented('consoleInsights', 'Insights: plays and views per day (a chart and a table), the top and rising slots, and the gaps', 'GET', 'operator', { 200: page('The insights of the last weeks') }),
    async (request, reply) => {
      const overview = await committed(insightsOverview(catalogue.store.insights, Math.floor(deps.now() / DAY_MS)));
      const snapshot = catalogue.current;
      const named = (id: string): NamedSlot => {
        const name = snapshot.find(id)?.name;
        return name === undefined ? { id } : { id, name };
      };
      const model = {
        days: overview.days.map(({ day, plays, views }) => ({ date: dateOf(day), plays, views })),
        top: overview.top.map(({ key, count, visitors }) => ({ slot: named(key), plays: count, visitors })),
        rising: overview.rising.map(({ key, thisWeek, lastWeek }) => ({ slot: named(key), thisWeek, lastWeek })),
        gaps: overview.gaps,
        minVisitors: MIN_VISITORS_OF_TYPED_KEY,
      };
      return sendPage(reply, insightsPage(model, viewerOf(request), baseOf(request, deps), assets));
    },
  );
}
