/**
 * Readable titles of the policies a family accepts at registration. The API stores the policies'
 * codes (`rider-safety`); people read the title. A code this list does not know yet is still
 * shown readably rather than as a code.
 */
const TITLES: Record<string, string> = {
  'rider-safety': 'Rider safety rules',
  'payment-terms': 'Payment terms',
  'registration-fee': 'Registration fee',
  'pickup-policy': 'Afternoon pickup at the stop',
};

export const policyTitle = (slug: string): string => {
  const known = TITLES[slug];
  if (known) {
    return known;
  }
  const words = slug.replace(/[-_]+/g, ' ').trim();

  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export const policyTitles = (slugs: readonly string[]): string => slugs.map(policyTitle).join(', ');
