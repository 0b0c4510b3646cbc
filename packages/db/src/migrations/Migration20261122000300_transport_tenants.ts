import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

export class Migration20261122000300TransportTenants extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table transport_tenant (
        id text primary key check (id ~ '^[a-z0-9][a-z0-9-]*$'),
        name varchar(200) not null,
        tier text not null default 'starter' check (tier in ('starter', 'standard', 'enterprise')),
        theme jsonb not null default '{}'::jsonb,
        domain text unique,
        created_at timestamptz not null default now()
      );

      -- The demo operator always exists, so a fresh installation can be tried at once.
      insert into transport_tenant (id, name, tier, theme, domain)
      values ('demo', 'Demo School Transport', 'standard', '{"primary_color": "#1d4ed8", "logo_text": "Demo Transport"}'::jsonb, null);
    `)) {
      this.addSql(statement);
    }
  }
}
