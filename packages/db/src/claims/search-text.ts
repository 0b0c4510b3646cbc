/** What the staff `q` search matches: claim number, company name, debtor name and the client's email. */
export const buildSearchText = (claimNumber: string, companyName: string, debtorName: string, email: string): string =>
  `${claimNumber} ${companyName} ${debtorName} ${email}`.toLowerCase();
