/** Where the terms of service live; the intake form links here. */
export const TERMS_PATH = '/terms';
