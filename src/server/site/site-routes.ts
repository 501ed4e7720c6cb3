import { ADMIN_BASE, screens, screensOf } from '../../shared/site/screen-routes';
import { siteConfig } from '../../shared/site/site-config';
import { SITE_ICONS, WEB_APP_MANIFEST_PATH } from '../../shared/site/site-icons';
import type { Config } from '../config';
import type { OpenJobsCache } from '../jobs/open-jobs-cache';
import type { Api } from '../http/route-types';
import { jobDescriptionHtml, jobUrl } from './job-posting';
import { feedPath, JOB_BOARDS, jobFeeds } from './job-feeds';
import { escapeHtml } from './safe-json';

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
 * For search engines, feed readers, job boards and home screens: robots.txt, the sitemap of open
 * jobs, an RSS feed, a feed per job board and the web app manifest.
 */
export function siteRoutes(app: Api, context: { openJobs: OpenJobsCache; config: Config }): void {
  const { openJobs, config } = context;
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

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const open = (await openJobs.get()).jobs;
    const urls = [
      ...STATIC_PAGES.map((page) => `  <url><loc>${escapeHtml(base + page)}</loc></url>`),
      ...open.map(
        (job) =>
          `  <url><loc>${escapeHtml(jobUrl(base, job))}</loc><lastmod>${job.updatedAt.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  app.get('/jobs.xml', { schema: { hide: true } }, async (_request, reply) => {
    const open = (await openJobs.get()).jobs;
    const items = open.map((job) =>
      [
        '    <item>',
        `      <title>${escapeHtml(`${job.jobTitle} (${job.location})`)}</title>`,
        `      <link>${escapeHtml(jobUrl(base, job))}</link>`,
        `      <guid isPermaLink="false">${escapeHtml(job._id)}</guid>`,
        `      <pubDate>${new Date(job.createdAt).toUTCString()}</pubDate>`,
        `      <description>${escapeHtml(jobDescriptionHtml(job))}</description>`,
        '    </item>',
      ].join('\n'),
    );
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        [
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
        ].join('\n'),
      );
  });

  // Read by the boards' crawlers a few times a day: drawn afresh each time, never cached on the way.
  for (const board of JOB_BOARDS)
    app.get(feedPath(board), { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(jobFeeds[board]((await openJobs.get()).jobs, base)),
    );
}
