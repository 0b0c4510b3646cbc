/**
 * Who is billed. A household is transported, and so billed, once its registration is approved; a
 * pending or rejected registration is never billed. A household without a registration was entered
 * by staff (seeded or imported), not reviewed, and counts as approved.
 */
export const BILLABLE_REGISTRATION_STATUSES = ['approved'] as const;

export const isBillableRegistration = (registrationStatus: string | null): boolean =>
  registrationStatus === null || (BILLABLE_REGISTRATION_STATUSES as readonly string[]).includes(registrationStatus);
