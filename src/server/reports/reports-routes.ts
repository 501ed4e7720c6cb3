import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { isCalendarDate, londonToday } from '../../shared/format/calendar-date';
import { apiPaths } from '../../shared/http/api-routes';
import {
  MAX_REPORT_MONTHS,
  reportChoicesSchema,
  reportCsvQuerySchema,
  reportFilterMessages,
  reportFiltersSchema,
  reportsSchema,
  type ReportFilters,
} from '../../shared/reports/reports-contract';
import { errorResponses, type Api } from '../domain-module/route-types';
import { contentDisposition } from '../http/content-disposition';
import { HttpError } from '../http/http-error';
import { reportCsv, reportCsvFileName } from './reports-csv';
import { monthsOf, type ReportQuery, type ReportsRepository } from './reports-repository';

/** What the reports' calls use of the server's parts. */
export interface ReportRouteDeps {
  reports: ReportsRepository;
  now: () => Date;
}

/** The first day of the month `back` months before the one `day` is in. */
const monthStart = (day: string, back: number): string => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - back, 1));
  return start.toISOString().slice(0, 10);
};

/**
 * The filters with their range filled in: to today, and from the start of the month eleven
 * months before the end, so the charts show twelve whole months (docs/behaviour.md#reports).
 */
export function resolveFilters(filters: ReportFilters, now: Date): ReportQuery {
  for (const day of [filters.from, filters.to])
    if (day !== undefined && !isCalendarDate(day)) throw new HttpError(400, reportFilterMessages.notADay);
  const to = filters.to ?? londonToday(now);
  const from = filters.from ?? monthStart(to, 11);
  if (from > to) throw new HttpError(400, reportFilterMessages.backwards);
  if (monthsOf(from, to).length > MAX_REPORT_MONTHS) throw new HttpError(400, reportFilterMessages.tooLong);
  return { ...filters, from, to };
}

/** Administrators: the hiring reports, their filters' choices and each report as CSV. */
export function reportAdminRoutes(app: Api, { reports, now }: ReportRouteDeps): void {
  app.get(
    apiPaths.reports.pattern,
    {
      schema: {
        tags: ['reports'],
        operationId: 'getReports',
        summary:
          'The hiring reports: funnel, time to hire, time in stage, sources and offers, counts under 5 withheld',
        querystring: reportFiltersSchema,
        response: { 200: reportsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reports.reports(resolveFilters(request.query, now()));
    },
  );

  app.get(
    apiPaths.reportChoices.pattern,
    {
      schema: {
        tags: ['reports'],
        operationId: 'getReportChoices',
        summary: 'The jobs, departments and sources the reports can be narrowed to',
        response: { 200: reportChoicesSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reports.choices();
    },
  );

  app.get(
    apiPaths.reportsCsv.pattern,
    {
      schema: {
        tags: ['reports'],
        operationId: 'getReportCsv',
        summary:
          'One hiring report as CSV, the same figures as the JSON, withheld counts written "fewer than 5"',
        querystring: reportCsvQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { report, ...filters } = request.query;
      const query = resolveFilters(filters, now());
      const body = reportCsv(report, await reports.reports(query));
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          contentDisposition('attachment', reportCsvFileName(report, query.from, query.to)),
        )
        .send(body);
    },
  );
}
