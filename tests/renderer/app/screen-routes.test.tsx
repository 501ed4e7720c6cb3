import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_BASE,
  TEAM_BASE,
  screens,
  screensOf,
  screenRoutes,
} from '../../../src/shared/site/screen-routes';
import { adminRouteObjects } from '../../../src/renderer/app/admin-routes';
import { teamRouteObjects } from '../../../src/renderer/app/team-routes';
import { appRouteObjects } from '../../../src/renderer/app/app-routes';
import { ADMIN_ROUTES_PATH, TEAM_ROUTES_PATH, screenOf } from '../../../src/renderer/app/route-screens';
import { CareersHomePage } from '../../../src/renderer/features/jobs/careers-home-page';

/**
 * The web app's routes are the route table's web rows, no more and no fewer, each showing the
 * screen its row names; the server's side of the same table is tests/server/site/screen-routes.test.ts.
 */

/** Each address pattern the routes define, with the component its element shows. */
function patternsOf(routes: RouteObject[], base: string): [string, unknown][] {
  return routes.flatMap((route) => {
    const here =
      route.index || route.path === undefined
        ? base
        : route.path.startsWith('/')
          ? route.path
          : `${base === '/' ? '' : base}/${route.path}`;
    const type = isValidElement(route.element) ? route.element.type : undefined;
    const own: [string, unknown][] = route.index || route.path !== undefined ? [[here || '/', type]] : [];
    return [...own, ...patternsOf(route.children ?? [], here)];
  });
}

describe('the web app and the route table', () => {
  it('define the same screens, each drawn by the module its row names', () => {
    const catchAll = (pattern: string) => pattern.endsWith('*');
    const drawn = [
      ...patternsOf(appRouteObjects, '').filter(([pattern]) => !catchAll(pattern)),
      ...patternsOf(adminRouteObjects, ADMIN_BASE),
      ...patternsOf(teamRouteObjects, TEAM_BASE),
    ];
    const web = screensOf('web');
    expect(drawn.map(([pattern]) => pattern).sort()).toEqual(web.map((route) => route.pattern).sort());
    for (const [pattern, type] of drawn) {
      const route = web.find((row) => row.pattern === pattern)!;
      expect(type, pattern).toBe(route === screens.home ? CareersHomePage : screenOf(route));
    }
    // The admin area is one lazy module mounted below its base.
    expect(patternsOf(appRouteObjects, '').map(([pattern]) => pattern)).toContain(ADMIN_ROUTES_PATH);
    // So is the hiring team's area.
    expect(patternsOf(appRouteObjects, '').map(([pattern]) => pattern)).toContain(TEAM_ROUTES_PATH);
  });

  it('shows the 404 screen at any address the table does not know', () => {
    for (const address of ['/no-such-page', `${screens.about.path()}/extra`, screens.settings.path()]) {
      const matched = matchRoutes(appRouteObjects, address) ?? [];
      expect(matched.at(-1)?.route.path, address).toBe('*');
    }
  });

  it("loads every row's screen from the module and export the row names", async () => {
    const named = screenRoutes.filter((route) => route.screen && route !== screens.home);
    await Promise.all(named.map((route) => screenOf(route).preload()));
    for (const route of named) expect(screenOf(route).loaded(), route.pattern).toBe(true);
  });
});
