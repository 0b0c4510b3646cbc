import { formatDate } from '../../shared/format/format-date.ts';
import { Fact } from '../../shared/fact.tsx';

type ClaimDates = { invoice_date: string | null; created_at: string; date_assigned: string | null; date_resolved: string | null };

/**
 * The four dates of a claim, as both the client portal and the staff console show them. `date_assigned`
 * is the day work began (the first move out of NEW); it is not labelled "Assigned", which staff would
 * read as the claim's assignee.
 */
export const ClaimDateFacts = ({ claim }: { claim: ClaimDates }) => (
  <>
    <Fact label="Invoice date">{formatDate(claim.invoice_date)}</Fact>
    <Fact label="Submitted">{formatDate(claim.created_at)}</Fact>
    <Fact label="Work began">{formatDate(claim.date_assigned)}</Fact>
    <Fact label="Resolved">{formatDate(claim.date_resolved)}</Fact>
  </>
);
