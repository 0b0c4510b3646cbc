import { intakeInput } from '@switchyard/domain/claims/schemas';
import { RATE_LIMITS } from '@switchyard/domain/claims/limits';
import { formatCents } from '@switchyard/domain/money';
import { portalSignInPageLink, staffClaimLink } from '@switchyard/domain/claims/sign-in-link';
import { hashToken } from '@switchyard/domain/claims/tokens';
import { recordIntake } from '@switchyard/db/claims/intake';
import { touchSession } from '@switchyard/db/claims/sign-in';
import { publicProcedure } from '../trpc.ts';
import { countedOutcome } from '../counted-outcome.ts';
import { rateLimitedBy } from '../rate-limits.ts';
import { intakeOutput } from '../output-schemas.ts';
import { issueSignInLink } from '../issue-sign-in-link.ts';

export const submitIntake = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/intake',
      status: 201,
      input: 'json',
      access: 'public',
      tags: ['intake'],
      summary: 'Submit a claim',
      errors: ['rate_limited'],
    },
  })
  .output(intakeOutput)
  .use(countedOutcome((metrics) => metrics.intakes))
  // Counted before validation, so a flood of malformed requests is limited too.
  .use(rateLimitedBy(RATE_LIMITS.intakePerIp, (ctx) => ctx.ip))
  .input(intakeInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.captcha(input.captcha_token, ctx.ip);
    // Intake is public; a session only matters as proof that the caller is the client of the email.
    // A missing, stale or foreign session is not an error: the intake simply counts as anonymous.
    const session = ctx.bearerToken ? await touchSession(ctx.em, hashToken(ctx.bearerToken), ctx.now()) : null;
    // The team's mail is queued by the intake's own statement: a claim is never filed without it.
    const result = await recordIntake(ctx.em, input, ctx.now(), session?.client.id ?? null, ({ claimNumber, clientNumber }) =>
      ctx.mailer.intakeSummary({
        claimNumber,
        clientNumber,
        companyName: input.client.company_name,
        contactName: input.client.contact_name,
        email: input.client.email,
        debtorName: input.debtor.name,
        amountDisplay: formatCents(input.claim.amount_cents),
        description: input.claim.description ?? null,
        staffLink: staffClaimLink(ctx.env.PORTAL_URL, claimNumber),
      }),
    );
    ctx.mailer.queued();
    ctx.logger.info({ claimNumber: result.claimNumber, clientNumber: result.clientNumber }, 'claim received');
    if (result.keptClient) {
      // The owner of the address hears of it, with a way in to look at (or dispute) the claim.
      await ctx.mailer.claimFiledUnderEmail({
        claimId: result.claimId,
        claimNumber: result.claimNumber,
        to: result.keptClient.email,
        contactName: result.keptClient.contactName,
        link: await issueSignInLink(ctx, result.keptClient.id),
      });
    } else if (!session || session.client.id !== result.clientId) {
      // A client created by this intake is told its claim number and where to sign in. The link is
      // the sign-in page, not a token: it must still work days later, when they come to look.
      await ctx.mailer.intakeAcknowledgement({
        claimId: result.claimId,
        claimNumber: result.claimNumber,
        to: input.client.email,
        contactName: input.client.contact_name,
        signInPage: portalSignInPageLink(ctx.env.PORTAL_URL, input.client.email),
      });
    }

    return {
      claim_number: result.claimNumber,
      // Only a caller signed in as the email's client is told its number: to anyone else a number
      // (or its absence) would say whether the email is already a client (docs/claims.md, "Intake").
      client_number: session && session.client.id === result.clientId ? result.clientNumber : '',
      status: 'NEW' as const,
      message: `Thank you. Your claim ${result.claimNumber} has been received; we will be in touch by email.`,
    };
  });
