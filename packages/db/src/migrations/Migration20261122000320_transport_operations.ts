import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

export class Migration20261122000320TransportOperations extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table transport_school (
        tenant_id text not null references transport_tenant (id) on delete cascade,
        id text not null check (id ~ '^[a-z0-9][a-z0-9-]*$'),
        name varchar(200) not null,
        address varchar(500),
        start_time varchar(5),
        end_time varchar(5),
        created_at timestamptz not null default now(),
        primary key (tenant_id, id)
      );

      -- Buses have no other identity than the id their tracker reports under; position columns stay
      -- null until the first report.
      create table transport_bus (
        tenant_id text not null references transport_tenant (id) on delete cascade,
        id text not null,
        lat double precision check (lat between -90 and 90),
        lng double precision check (lng between -180 and 180),
        heading double precision,
        speed double precision,
        last_update timestamptz,
        created_at timestamptz not null default now(),
        primary key (tenant_id, id)
      );

      create table transport_route (
        tenant_id text not null references transport_tenant (id) on delete cascade,
        id text not null check (id ~ '^[a-z0-9][a-z0-9-]*$'),
        name varchar(200) not null,
        bus_id text,
        driver varchar(200),
        mode text not null default 'both' check (mode in ('morning', 'afternoon', 'both')),
        status text not null default 'active' check (status in ('active', 'inactive', 'draft')),
        miles double precision check (miles >= 0),
        stops integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (tenant_id, id)
      );

      create table transport_route_stop (
        tenant_id text not null,
        route_id text not null,
        position integer not null,
        name varchar(200) not null,
        address varchar(500),
        lat double precision check (lat between -90 and 90),
        lng double precision check (lng between -180 and 180),
        time varchar(5),
        riders jsonb not null default '[]'::jsonb,
        primary key (tenant_id, route_id, position),
        foreign key (tenant_id, route_id) references transport_route (tenant_id, id) on delete cascade
      );
    `)) {
      this.addSql(statement);
    }
  }
}
