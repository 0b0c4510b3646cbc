/** What the staff `q` search matches: claim number, company name and debtor name. */
export const buildSearchText = (claimNumber: string, companyName: string, debtorName: string): string =>
  `${claimNumber} ${companyName} ${debtorName}`.toLowerCase();
