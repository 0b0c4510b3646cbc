/** GoTrue's default minimum; longer limits keep hashing cost bounded. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 1000;
export const MAX_EMAIL_LENGTH = 254;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** One @, something on each side, a dot in the domain, no spaces: what a sign-up form can check. */
export const isValidEmail = (email: string): boolean => email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export const passwordProblem = (password: string): string | null => {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`;
  }

  return null;
};
