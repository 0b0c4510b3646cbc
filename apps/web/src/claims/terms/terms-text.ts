/**
 * The terms of service a client accepts at intake. Placeholder wording: the operator replaces it
 * with their own (a heading and paragraphs) before going live; the page renders it as plain text.
 */
export const CLAIMS_TERMS = {
  title: 'Terms of service',
  updated: 'Placeholder: replace with the date these terms took effect.',
  paragraphs: [
    'Placeholder terms. The operator of this claim recovery service replaces this text with its own terms before accepting claims.',
    'By submitting a claim you confirm that the information you give is accurate and that you are entitled to recover the amount claimed.',
    'You authorise us to contact the debtor on your behalf about the claim, and to keep a record of the claim, its documents and its messages.',
    'We never ask for Social Security, bank account or card numbers.',
  ],
} as const;
