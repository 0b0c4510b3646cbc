import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './split-statements.ts';

/**
 * Answers of paid outside providers (weather, traffic) kept for a short while, shared by every API
 * process on the database, so anonymous callers cannot spend the provider quota call by call.
 * `filling_until` marks that one process is asking the provider for the key; the others wait for
 * its answer instead of asking too.
 */
export class Migration20261124000510TransportProviderCache extends Migration {
  override up(): void {
    for (const statement of splitStatements(`
      create table transport_provider_cache (
        key text primary key,
        answer text,
        fresh_until timestamptz,
        filling_until timestamptz,
        updated_at timestamptz not null
      );
      create index transport_provider_cache_updated_idx on transport_provider_cache (updated_at);
    `)) {
      this.addSql(statement);
    }
  }

  override down(): void {
    this.addSql('drop table if exists transport_provider_cache');
  }
}
