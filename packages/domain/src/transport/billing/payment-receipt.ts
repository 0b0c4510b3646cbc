/**
 * The receipt a payer is mailed for every payment recorded on their invoice, by a provider or by
 * an operator: what was received, when, how, for which invoice, and what is left to pay or kept
 * as credit.
 */
const METHOD_WORDS: Record<string, string> = {
  cash: 'cash',
  check: 'cheque',
  bank_transfer: 'bank transfer',
  card: 'card',
  other: 'another method',
};

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

export type ReceiptFacts = {
  operator: string;
  payerName: string;
  invoiceId: string;
  invoiceTitle: string;
  amountCents: number;
  /** The local day received (YYYY-MM-DD). */
  paidOn: string;
  method: string;
  balanceCents: number;
  creditedCents: number;
  voidInvoice: boolean;
};

export const invoiceTitle = (invoice: { kind: string; cycleStart: string | null; cycleEnd: string | null }): string =>
  invoice.kind === 'registration'
    ? 'School transport registration fee'
    : `School transport ${invoice.cycleStart ?? ''} to ${invoice.cycleEnd ?? ''}`;

export const paymentReceipt = (facts: ReceiptFacts): { subject: string; body: string } => {
  const what = facts.voidInvoice
    ? `This invoice was cancelled, so the whole ${dollars(facts.creditedCents)} is kept as credit for your household and taken off your next invoice.`
    : facts.creditedCents > 0
      ? `The invoice is paid in full. ${dollars(facts.creditedCents)} was more than was owed and is kept as credit for your household, taken off your next invoice.`
      : facts.balanceCents > 0
        ? `Still to pay on this invoice: ${dollars(facts.balanceCents)}.`
        : 'The invoice is paid in full. Nothing more is owed on it.';

  return {
    subject: `${facts.operator}: receipt for your payment of ${dollars(facts.amountCents)}`,
    body: [
      `Hello ${facts.payerName},`,
      '',
      `${facts.operator} received your payment of ${dollars(facts.amountCents)} on ${facts.paidOn} by ${METHOD_WORDS[facts.method] ?? facts.method}, for ${facts.invoiceTitle}.`,
      '',
      what,
      '',
      `Invoice: ${facts.invoiceId}`,
    ].join('\n'),
  };
};
