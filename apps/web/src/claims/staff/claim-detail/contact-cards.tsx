import { formatDate } from '../../../shared/format/format-date.ts';
import { businessTypeLabel } from '../../shared/vocabulary-options.ts';
import type { StaffClaim } from './staff-claim-types.ts';

const Row = ({ label, value, href }: { label: string; value: string | null; href?: string }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value ? href ? <a href={href}>{value}</a> : value : '—'}</dd>
  </div>
);

export const ContactCards = ({ claim }: { claim: StaffClaim }) => (
  <>
    <section className="card" aria-labelledby="client-title">
      <h2 id="client-title" className="card__title">
        Client
      </h2>
      <dl className="facts facts--stacked">
        <Row label="Company" value={`${claim.client.company_name} (${claim.client.client_number})`} />
        <Row label="Contact" value={claim.client.contact_name} />
        <Row label="Email" value={claim.client.email} href={`mailto:${claim.client.email}`} />
        <Row label="Phone" value={claim.client.phone} href={claim.client.phone ? `tel:${claim.client.phone}` : undefined} />
        <Row label="Terms accepted" value={formatDate(claim.client.tos_accepted_at)} />
      </dl>
    </section>
    <section className="card" aria-labelledby="debtor-title">
      <h2 id="debtor-title" className="card__title">
        Debtor
      </h2>
      <dl className="facts facts--stacked">
        <Row label="Name" value={claim.debtor.name} />
        <Row label="Type" value={businessTypeLabel(claim.debtor.business_type)} />
        <Row
          label="Email"
          value={claim.debtor.contact_email}
          href={claim.debtor.contact_email ? `mailto:${claim.debtor.contact_email}` : undefined}
        />
        <Row
          label="Phone"
          value={claim.debtor.contact_phone}
          href={claim.debtor.contact_phone ? `tel:${claim.debtor.contact_phone}` : undefined}
        />
        <Row label="Address" value={claim.debtor.physical_address} />
      </dl>
    </section>
  </>
);
