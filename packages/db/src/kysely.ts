import type { InferKyselyDB, Kysely, SqlEntityManager } from '@mikro-orm/sql';
import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { allEntities } from './entities.ts';

type Inferred = InferKyselyDB<(typeof allEntities)[number]>;

/** A table whose route is the two-column key (tenant_id, route_id), which the inference cannot spell. */
type WithRouteKey<T extends keyof Inferred> = Omit<Inferred[T], 'route_id' | 'route_tenant_id'> & { tenant_id: string; route_id: string };

/** A table whose bus is the two-column key (tenant_id, bus_id), likewise. */
type WithBusKey<T extends keyof Inferred> = Omit<Inferred[T], 'bus_id' | 'bus_tenant_id'> & { tenant_id: string; bus_id: string };

/**
 * Every table and column, typed from the entities (table and column names as the database spells
 * them), the route key of the tables that have one given by hand.
 */
export type Database = Omit<
  Inferred,
  | 'transport_route_stop'
  | 'transport_run_stop'
  | 'transport_stop_arrival'
  | 'transport_eta_snapshot'
  | 'transport_late_notice'
  | 'transport_bus_near_stop'
> & {
  transport_route_stop: WithRouteKey<'transport_route_stop'>;
  transport_run_stop: WithRouteKey<'transport_run_stop'>;
  transport_stop_arrival: WithRouteKey<'transport_stop_arrival'>;
  transport_eta_snapshot: WithRouteKey<'transport_eta_snapshot'>;
  transport_late_notice: WithRouteKey<'transport_late_notice'>;
  transport_bus_near_stop: WithBusKey<'transport_bus_near_stop'>;
};

/** A row of a table as the query builder reads it, typed from its entity. */
export type TableRow<Table extends keyof Database> = Selectable<Database[Table]>;

/** A new row of a table as the query builder inserts it, typed from its entity. */
export type NewTableRow<Table extends keyof Database> = Insertable<Database[Table]>;

/**
 * The ORM's query builder for statements the entity manager's find/create/nativeUpdate do not
 * express (aggregates, joins, row locks, upserts): typed from the entities, so a misspelt table or
 * column fails the typecheck; inside `em.transactional` it runs in that transaction. It returns the
 * driver's values unconverted, as hand-written SQL did.
 */
export const db = (em: SqlEntityManager): Kysely<Database> => em.getKysely<Database>();

/** A JSON value for a jsonb column, sent as its text so an array stays a JSON array (not a SQL array). */
export const jsonb = <T>(value: T): RawBuilder<T> => sql<T>`${JSON.stringify(value)}::jsonb`;

/** `%` and `_` in a search are literal characters, not wildcards (matched with `escape '\'`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `ms` milliseconds after the database's clock: leases and retries are timed by the one clock
 * every process shares. Raw because the query builder has no interval literal.
 */
export const databaseNowPlusMs = (ms: number): RawBuilder<Date> => sql<Date>`now() + (${ms}::bigint * interval '1 millisecond')`;

/** The database's clock, the one every process shares. */
export const databaseNow: RawBuilder<Date> = sql<Date>`now()`;
