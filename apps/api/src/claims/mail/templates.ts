import type { OutgoingMail } from '../../mail/mail-transport.ts';

export type IntakeSummary = {
  claimNumber: string;
  clientNumber: string;
  companyName: string;
  contactName: string;
  email: string;
  debtorName: string;
  amountDisplay: string;
  description: string | null;
  /** The claim in the staff console. */
  staffLink: string;
};

/** Team mail answers go straight to the client. */
export const intakeSummaryMail = (teamEmail: string, summary: IntakeSummary): OutgoingMail => ({
  to: teamEmail,
  replyTo: summary.email,
  subject: `New claim ${summary.claimNumber}: ${summary.companyName} vs ${summary.debtorName} (${summary.amountDisplay})`,
  text: [
    `A new claim was submitted.`,
    ``,
    `Claim:   ${summary.claimNumber}`,
    `Client:  ${summary.clientNumber}, ${summary.companyName} (${summary.contactName}, ${summary.email})`,
    `Debtor:  ${summary.debtorName}`,
    `Amount:  ${summary.amountDisplay}`,
    ``,
    `Open it: ${summary.staffLink}`,
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

export const staffSignInLinkMail = (to: string, name: string, link: string): OutgoingMail => ({
  to,
  subject: 'Your staff console sign-in link',
  text: [
    `Hello ${name},`,
    ``,
    `Use this link to sign in to the claims staff console. It works once and expires in 15 minutes;`,
    `the session it opens lasts 8 hours:`,
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
  clientEmail: string;
  staffLink: string;
};

export const clientMessageMail = (teamEmail: string, summary: ClientMessageSummary): OutgoingMail => ({
  to: teamEmail,
  replyTo: summary.clientEmail,
  subject: `[${summary.claimNumber}] ${summary.subject}`,
  text: [
    `Message from ${summary.companyName} (${summary.clientNumber}) about ${summary.claimNumber}:`,
    ``,
    summary.content,
    ``,
    `Open the claim: ${summary.staffLink}`,
  ].join('\n'),
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

export type IntakeAcknowledgement = { claimId: string; claimNumber: string; to: string; contactName: string; signInPage: string };

/** To a new client right after their intake: the claim number to quote, and the way into the portal. */
export const intakeAcknowledgementMail = (notice: IntakeAcknowledgement): OutgoingMail => ({
  to: notice.to,
  subject: `We received your claim ${notice.claimNumber}`,
  text: [
    `Hello ${notice.contactName},`,
    ``,
    `Thank you. Your claim ${notice.claimNumber} has been received. Please quote this number when you write to us.`,
    ``,
    `You can follow the claim, send us messages and add documents in the claims portal. Sign in here (we email you a one-time link):`,
    ``,
    notice.signInPage,
  ].join('\n'),
});

/** The part of a client's update mail above the list of changes; changes are appended as lines. */
export const claimUpdateMailHead = (notice: { claimNumber: string; contactName: string; portalLink: string }) => ({
  subject: `News about your claim ${notice.claimNumber}`,
  head: [
    `Hello ${notice.contactName},`,
    ``,
    `There is news about your claim ${notice.claimNumber}. See it in your claims portal:`,
    ``,
    notice.portalLink,
    ``,
    `What changed:`,
  ].join('\n'),
});

/** One change in a client's update mail. */
export const claimUpdateLine = (change: string): string => `\n\n- ${change.replace(/\n/g, '\n  ')}`;
