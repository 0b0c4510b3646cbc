import { execFileSync } from 'node:child_process';

export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the benchmark server, dropped again by the returned function. */
export const freshDatabase = (name: string): { url: string; drop(): void } => {
  const server = new URL(BENCH_SERVER_URL);
  const psql = (sql: string) =>
    execFileSync(
      'psql',
      ['-h', server.hostname, '-p', server.port || '5432', '-U', server.username || 'postgres', '-d', 'postgres', '-qc', sql],
      {
        stdio: 'pipe',
      },
    );
  psql(`drop database if exists ${name} with (force)`);
  psql(`create database ${name}`);
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;

  return { url: url.toString(), drop: () => psql(`drop database if exists ${name} with (force)`) };
};
