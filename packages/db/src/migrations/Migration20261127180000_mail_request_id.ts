import { Migration } from '@mikro-orm/migrations';

/**
 * The id of the request that queued a mail, so the worker's lines about sending it can be found
 * with the request's own. Mails queued before have none.
 */
export class Migration20261127180000MailRequestId extends Migration {
  override up(): void {
    this.addSql('alter table mail_outbox add column request_id varchar(128) null');
  }

  override down(): void {
    this.addSql('alter table mail_outbox drop column if exists request_id');
  }
}
