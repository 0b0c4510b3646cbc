import type { OutgoingMail } from '../../mail/mail-transport.ts';

export type IntakeSummary = {
  claimId: string;
  claimNumber: string;
  clientNumber: string;
  companyName: string;
  contactName: string;
  email: string;
  debtorName: string;
  amountDisplay: string;
  description: string | null;
};

export const intakeSummaryMail = (teamEmail: string, summary: IntakeSummary): OutgoingMail => ({
  to: teamEmail,
  subject: `New claim ${summary.claimNumber}: ${summary.companyName} vs ${summary.debtorName} (${summary.amountDisplay})`,
  text: [
    `A new claim was submitted.`,
    ``,
    `Claim:   ${summary.claimNumber}`,
    `Client:  ${summary.clientNumber}, ${summary.companyName} (${summary.contactName}, ${summary.email})`,
    `Debtor:  ${summary.debtorName}`,
    `Amount:  ${summary.amountDisplay}`,
    ``,
    summary.description ? `Description:\n${summary.description}` : 'No description given.',
  ].join('\n'),
});

export const signInLinkMail = (to: string, contactName: string, link: string): OutgoingMail => ({
  to,
  subject: 'Your sign-in link',
  text: [
    `Hello ${contactName},`,
    ``,
    `Use this link to sign in to your claims portal. It works once and expires in 15 minutes:`,
    ``,
    link,
    ``,
    `If you did not ask to sign in, you can ignore this message.`,
  ].join('\n'),
});

export type ClientMessageSummary = {
  claimId: string;
  claimNumber: string;
  clientNumber: string;
  companyName: string;
  subject: string;
  content: string;
};

export const clientMessageMail = (teamEmail: string, summary: ClientMessageSummary): OutgoingMail => ({
  to: teamEmail,
  subject: `[${summary.claimNumber}] ${summary.subject}`,
  text: [`Message from ${summary.companyName} (${summary.clientNumber}) about ${summary.claimNumber}:`, ``, summary.content].join('\n'),
});

export type ClaimFiledUnderEmail = { claimId: string; claimNumber: string; to: string; contactName: string; link: string };

/** To an existing client when someone not signed in as them filed a claim under their email. */
export const claimFiledUnderEmailMail = (notice: ClaimFiledUnderEmail): OutgoingMail => ({
  to: notice.to,
  subject: `A claim was submitted under your email: ${notice.claimNumber}`,
  text: [
    `Hello ${notice.contactName},`,
    ``,
    `A new claim, ${notice.claimNumber}, was just submitted with your email address. It is listed in your claims portal.`,
    `Your stored company and contact details were not changed; any details given with the claim wait for our team to review.`,
    ``,
    `Sign in to look at it (the link works once and expires in 15 minutes):`,
    ``,
    notice.link,
    ``,
    `If you did not submit this claim, reply to this email or send us a message from the portal and we will look into it.`,
  ].join('\n'),
});
