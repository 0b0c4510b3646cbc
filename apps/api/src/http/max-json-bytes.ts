/** The largest JSON body any REST path or tRPC call of the HTTP services reads (256 KiB). */
export const MAX_JSON_BYTES = 256 * 1024;
