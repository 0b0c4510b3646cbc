import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * School names are unique per tenant, ignoring case and surrounding spaces, so a family picks the
 * school it means. Names already taken twice keep the first school's name; the later ones get
 * their id added, so the index can be built over existing data.
 */
export class Migration20261124001630TransportSchoolNames extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      update transport_school s set name = left(s.name, 200 - char_length(s.id) - 3) || ' (' || s.id || ')'
        from (select tenant_id, id, row_number() over (partition by tenant_id, lower(btrim(name)) order by created_at, id) as n from transport_school) d
       where d.tenant_id = s.tenant_id and d.id = s.id and d.n > 1;
      create unique index transport_school_name_uq on transport_school (tenant_id, lower(btrim(name)));
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop index if exists transport_school_name_uq');
  }
}
