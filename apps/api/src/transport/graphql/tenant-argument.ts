/** Every report takes the same optional `tenant` argument; its meaning is written once here. */
export const TENANT_ARGUMENT = {
  required: false,
  description:
    "The tenant's slug; see Query for the tenant read without it. Only platform administrators may name a tenant other than their own.",
} as const;

export const tenantArgument = (value: string | number | null | undefined): string | null => (value == null ? null : String(value));
