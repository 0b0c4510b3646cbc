import { destroyConnection, openOwnConnection } from '../own-connection.ts';

/**
 * The tables, views and sequences of the PostgreSQL database's current schema, counted without
 * opening the ORM (which would migrate it): a restore fills only a database holding none.
 */
export const serverSchemaObjects = async (databaseUrl: string): Promise<number> => {
  const client = await openOwnConnection(databaseUrl, 'restore check');
  try {
    const result = await client.query(
      `select count(*)::int as objects from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );

    return Number(result.rows[0]?.objects ?? 0);
  } finally {
    await destroyConnection(client);
  }
};
