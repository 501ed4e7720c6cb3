import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Job } from '../../shared/jobs/job-contract';
import { ADMIN_BASE, screens, screensOf } from '../../shared/site/screen-routes';
import { siteConfig } from '../../shared/site/site-config';
import { SITE_ICONS, WEB_APP_MANIFEST_PATH } from '../../shared/site/site-icons';
import type { Config } from '../config';
import type { OpenJobsCache } from '../jobs/open-jobs-cache';
import type { Api } from '../domain-module/route-types';
import { createRepresentation, sendRepresentation } from '../http/representation';
import type { JobReferenceNumbers } from '../jobs/job-reference-numbers';
import { jobDescriptionHtml, jobUrl } from './job-posting';
import { feedPath, JOB_BOARDS, jobFeeds, listedPlaces } from './job-feeds';
import { escapeHtml } from './safe-json';
import { withSourceMarker } from '../../shared/sources/source-contract';

const webScreens = screensOf('web');

/** The public pages search engines should know besides the jobs (whose addresses have a parameter). */
const STATIC_PAGES = webScreens
  .filter((route) => route.indexing === 'index' && route.base === route.pattern)
  .map((route) => route.pattern);

/**
 * What crawlers are asked to keep out of: the admin area as one line, the API, and each screen
 * the route table marks `disallow` (up to its first parameter: `/reset-password/`). Private links
 * are not named (docs/security.md#the-applicants-private-link).
 */
const DISALLOWED = [
  ADMIN_BASE,
  '/api/',
  ...webScreens.filter((route) => route.indexing === 'disallow' && !route.admin).map((route) => route.base),
];

/**
 * The web app manifest: the name and colours a phone shows for the site added to its home screen,
 * from the company's details, with the icons the web build serves. Fixed, so written once.
 */
const WEB_APP_MANIFEST = JSON.stringify({
  name: `${siteConfig.brandName} Careers`,
  short_name: siteConfig.brandName,
  description: `Jobs at ${siteConfig.legalName}`,
  lang: 'en-GB',
  start_url: screens.home.path(),
  scope: '/',
  display: 'browser',
  theme_color: siteConfig.colours.brand,
  background_color: siteConfig.colours.background,
  icons: [
    { src: SITE_ICONS.svg.path, type: SITE_ICONS.svg.type, sizes: 'any', purpose: 'any' },
    ...[SITE_ICONS.small, SITE_ICONS.large].map((icon) => pngIcon(icon, 'any')),
    pngIcon(SITE_ICONS.maskable, 'maskable'),
  ],
});

function pngIcon(icon: { path: string; type: string; sizes: readonly number[] }, purpose: string) {
  return {
    src: icon.path,
    type: icon.type,
    sizes: icon.sizes.map((size) => `${size}x${size}`).join(' '),
    purpose,
  };
}

/**
 * The sitemap, RSS and job-board feeds: drawn afresh for each request (`no-cache`, so a client
 * revalidates by ETag), and sent with gzip or brotli to a client that asks for either. They are
 * read by crawlers, and a job's description makes them large.
 */
const sendXml = (request: FastifyRequest, reply: FastifyReply, body: string, contentType: string) =>
  sendRepresentation(request, reply, createRepresentation(body, contentType), { cacheControl: 'no-cache' });

/** The public pages and every open job, with the day each was last changed. */
function sitemap(open: Job[], base: string): string {
  const urls = [
    ...STATIC_PAGES.map((page) => `  <url><loc>${escapeHtml(base + page)}</loc></url>`),
    ...open.map(
      (job) =>
        `  <url><loc>${escapeHtml(jobUrl(base, job))}</loc><lastmod>${job.updatedAt.slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** An RSS 2.0 feed of the open jobs, newest first. */
function rssFeed(open: Job[], base: string): string {
  const items = open.map((job) =>
    [
      '    <item>',
      `      <title>${escapeHtml(`${job.jobTitle} (${job.location})`)}</title>`,
      `      <link>${escapeHtml(withSourceMarker(jobUrl(base, job), 'rss'))}</link>`,
      `      <guid isPermaLink="false">${escapeHtml(job._id)}</guid>`,
      `      <pubDate>${new Date(job.createdAt).toUTCString()}</pubDate>`,
      `      <description>${escapeHtml(jobDescriptionHtml(job))}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeHtml(`Jobs at ${siteConfig.legalName}`)}</title>`,
    `    <link>${escapeHtml(`${base}/`)}</link>`,
    `    <atom:link href="${escapeHtml(`${base}/jobs.xml`)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeHtml(`Open positions at ${siteConfig.brandName}`)}</description>`,
    '    <language>en-gb</language>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * For search engines, feed readers, job boards and home screens: robots.txt, the sitemap of open
 * jobs, an RSS feed, a feed per job board and the web app manifest.
 */
export function siteRoutes(
  app: Api,
  context: { openJobs: OpenJobsCache; config: Config; jobReferences: JobReferenceNumbers },
): void {
  const { openJobs, config, jobReferences } = context;
  const base = config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          ...DISALLOWED.map((address) => `Disallow: ${address}`),
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get(WEB_APP_MANIFEST_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(WEB_APP_MANIFEST),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendXml(request, reply, sitemap((await openJobs.get()).jobs, base), 'application/xml; charset=utf-8'),
  );

  app.get('/jobs.xml', { schema: { hide: true } }, async (request, reply) =>
    sendXml(request, reply, rssFeed((await openJobs.get()).jobs, base), 'application/rss+xml; charset=utf-8'),
  );

  // Read by the boards' crawlers a few times a day: drawn afresh each time, never cached on the
  // way. Each place a job is listed in has its reference number before the feed is drawn.
  for (const board of JOB_BOARDS)
    app.get(feedPath(board), { schema: { hide: true } }, async (request, reply) => {
      const now = new Date();
      const open = (await openJobs.get()).jobs;
      const references = await jobReferences.numbers(listedPlaces(open, now));
      return sendXml(
        request,
        reply,
        jobFeeds[board](open, base, now, references),
        'application/xml; charset=utf-8',
      );
    });
}
