import { intakeInput } from '@switchyard/domain/claims/schemas';
import { RATE_LIMITS } from '@switchyard/domain/claims/limits';
import { formatCents } from '@switchyard/domain/claims/money';
import { recordIntake } from '@switchyard/db/claims/intake';
import { publicProcedure } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limits.ts';

export const submitIntake = publicProcedure
  .use(async ({ ctx, next }) => {
    // Counted before validation, so a flood of malformed submissions is limited too.
    await enforceRateLimit(ctx, RATE_LIMITS.intakePerIp, ctx.ip);

    return next();
  })
  .input(intakeInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.captcha(input.captcha_token, ctx.ip);
    const result = await recordIntake(ctx.db.em, input, ctx.now());
    ctx.logger.info({ claimNumber: result.claimNumber, clientNumber: result.clientNumber }, 'claim received');
    ctx.mailer.intakeSummary({
      claimId: result.claimId,
      claimNumber: result.claimNumber,
      clientNumber: result.clientNumber,
      companyName: input.client.company_name,
      contactName: input.client.contact_name,
      email: input.client.email,
      debtorName: input.debtor.name,
      amountDisplay: formatCents(input.claim.amount_cents),
      description: input.claim.description ?? null,
    });

    return {
      claim_number: result.claimNumber,
      client_number: result.clientNumber,
      status: 'NEW' as const,
      message: `Thank you. Your claim ${result.claimNumber} has been received; we will be in touch by email.`,
    };
  });
