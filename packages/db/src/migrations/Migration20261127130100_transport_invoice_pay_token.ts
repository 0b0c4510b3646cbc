import { Migration } from '@mikro-orm/migrations';

/**
 * The token of an invoice's pay page (`/pay/<token>`), which the invoice mails carry instead of a
 * provider's checkout: the page makes a checkout for the balance at the moment it is used, so an
 * old mail never charges a stale amount. Made when the invoice is first mailed, then kept, so every
 * mail of one invoice leads to the same page.
 */
export class Migration20261127130100TransportInvoicePayToken extends Migration {
  override up(): void {
    this.addSql('alter table transport_invoice add column pay_token text');
    this.addSql('create unique index transport_invoice_pay_token_uq on transport_invoice (pay_token) where pay_token is not null');
  }

  override down(): void {
    this.addSql('drop index if exists transport_invoice_pay_token_uq');
    this.addSql('alter table transport_invoice drop column if exists pay_token');
  }
}
