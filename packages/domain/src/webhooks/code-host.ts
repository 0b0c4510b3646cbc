/** The code hosts whose events a delivery knows by their headers (webhook_delivery_source_check). */
export const CODE_HOSTS = ['github', 'gitlab'] as const;
export type CodeHost = (typeof CODE_HOSTS)[number];
