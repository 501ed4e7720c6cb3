import { existsSync, globSync, readFileSync } from 'node:fs';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { infrastructureTables, serverModules } from '../../src/server/root/modules';
import type { ServerModule } from '../../src/server/domain-module/server-module';
import { apiRoutes } from '../../src/shared/http/api-routes';

/**
 * The domains as modules.ts lists them (docs/architecture.md#server-modules): every table has one
 * owner, a module keeping data about people says what it owes them, and the list registers every
 * call of the API path table.
 */

type AnyModule = ServerModule<never, never>;

/** Every table drizzle.config.ts migrates: db/schema.ts's, and each domain's `*-tables.ts`. */
const domainTables = await Promise.all(
  globSync('src/server/*/*-tables.ts').map(
    (file) => import(new URL(`../../${file}`, import.meta.url).href) as Promise<object>,
  ),
);
const everyTable = [schema, ...domainTables]
  .flatMap((declared) => Object.values(declared) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable));
const nameOf = (table: PgTable) => getTableName(table);

/**
 * Columns that name or point at a person: applicants, and the staff whose addresses records keep.
 * A new column of this kind makes its table personal data, and its module must declare duties.
 */
const PERSON_COLUMNS = new Set([
  'email',
  'name',
  'phone',
  'about',
  'answers',
  'cv_key',
  'evidence_key',
  'adjustments',
  'interview_adjustments',
  'recipient',
  'reply_to',
  'ip',
  'application_id',
  'user_id',
  'interviewer_id',
  'post_creator',
  'last_edit_user',
  'updated_by',
  'assigned_by',
  'offered_by',
  'agreed_by',
]);
const namesPerson = (column: string) => PERSON_COLUMNS.has(column) || /_(email|name)$/.test(column);

/** Personal data no column name shows: the CV and evidence bytes, the equality returns. */
const PERSONAL_BY_DECLARATION = new Set(['cv_blobs', 'equality_monitoring']);
/** Columns the rule would take for a person that name something else. */
const NOT_A_PERSON = new Set(['departments.name', 'domain_event_subscribers.name']);

const holdsPersonalData = (table: PgTable) =>
  PERSONAL_BY_DECLARATION.has(nameOf(table)) ||
  Object.values(getTableColumns(table)).some(
    (column) => namesPerson(column.name) && !NOT_A_PERSON.has(`${nameOf(table)}.${column.name}`),
  );

/** The modules that keep personal data and say they keep none. */
const undeclared = (modules: readonly AnyModule[]) =>
  modules
    .filter((module) => !module.privacy.personalData && module.tables.some(holdsPersonalData))
    .map((module) => module.name);

const modules = serverModules as readonly AnyModule[];

describe('the server modules', () => {
  it('have names of their own', () => {
    const names = modules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('own every table of db/schema.ts and the domains’ own, each table once (or it is listed as infrastructure)', () => {
    const owners = new Map<string, string[]>();
    const own = (table: PgTable, owner: string) =>
      owners.set(nameOf(table), [...(owners.get(nameOf(table)) ?? []), owner]);
    for (const module of modules) for (const table of module.tables) own(table, module.name);
    for (const { table } of infrastructureTables) own(table, 'infrastructure');
    expect(everyTable.length).toBeGreaterThan(30);
    expect(everyTable.map(nameOf).filter((name) => owners.get(name)?.length !== 1)).toEqual([]);
    expect([...owners.keys()].filter((name) => !everyTable.some((table) => nameOf(table) === name))).toEqual(
      [],
    );
  });

  it('keep no personal data in the infrastructure tables', () => {
    expect(
      infrastructureTables
        .map(({ table }) => table)
        .filter(holdsPersonalData)
        .map(nameOf),
    ).toEqual([]);
  });

  it('declare privacy duties wherever their tables hold personal data', () => {
    expect(undeclared(modules)).toEqual([]);
  });

  it('fail that check for a module that keeps personal data and says it keeps none', () => {
    const careless: AnyModule = {
      name: 'careless',
      tables: [schema.applications],
      privacy: { personalData: false, why: 'forgot' },
    };
    expect(undeclared([careless])).toEqual(['careless']);
  });

  it('point each privacy duty at a function that exists', () => {
    const broken: string[] = [];
    for (const module of modules) {
      if (!module.privacy.personalData) continue;
      const { export: exported, erase, purge, restoreReplay } = module.privacy;
      for (const duty of [exported, erase, purge, restoreReplay]) {
        expect(duty.what.length).toBeGreaterThan(0);
        if (!duty.by) continue;
        const [file, name] = duty.by.split('#') as [string, string];
        const path = `src/server/${file}`;
        if (!existsSync(path) || !new RegExp(`\\b${name}\\b`).test(readFileSync(path, 'utf8')))
          broken.push(`${module.name}: ${duty.by}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/**
 * What a module's registrars register, without a server: a stand-in for the context, the guards
 * and the scope, each property and call of which answers the stand-in itself, whose route methods
 * note the pattern, and whose `register` runs the plugin on it (awaited: a plugin's routes may
 * come after an await).
 */
async function recordRoutes(module: AnyModule): Promise<string[]> {
  const patterns: string[] = [];
  const plugins: Promise<unknown>[] = [];
  // A repository's own `get` may be called while the calls are built: only addresses are noted.
  const note = (pattern: unknown) => {
    if (typeof pattern === 'string' && pattern.startsWith('/')) patterns.push(pattern);
    return stand;
  };
  const stand: object = new Proxy(function () {}, {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === 'then') return undefined;
      if (typeof key === 'string' && ['get', 'post', 'put', 'delete', 'patch'].includes(key))
        return (pattern: unknown) => note(pattern);
      if (key === 'route') return (options: { url?: unknown }) => note(options.url);
      if (key === 'register')
        return (plugin: (scope: unknown, options: unknown) => unknown) => {
          // Fastify's own plugins (multipart) may refuse the stand-in: only the routes matter here.
          plugins.push(
            Promise.resolve()
              .then(() => plugin(stand, {}))
              .catch(() => undefined),
          );
          return stand;
        };
      return stand;
    },
    apply: () => stand,
  });
  const scoped = module.routes?.(stand as never, stand as never) ?? {};
  for (const register of Object.values(scoped)) register?.(stand as never);
  while (plugins.length > 0) await plugins.shift();
  return patterns;
}

describe('the list of modules', () => {
  it('registers every call of the API path table but those app.ts answers itself', async () => {
    const registered = new Set((await Promise.all(modules.map(recordRoutes))).flat());
    const ownedByApp = ['/health', '/ready', '/docs'];
    expect(apiRoutes.map((route) => route.pattern).filter((pattern) => !registered.has(pattern))).toEqual(
      ownedByApp,
    );
    expect(
      [...registered].filter((pattern) => !apiRoutes.some((route) => route.pattern === pattern)),
    ).toEqual([]);
  });
});
