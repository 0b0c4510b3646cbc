/**
 * zod's built-in messages ("Too small: expected string to have >=1 characters") read like a
 * developer's note; beside a field they become "is required" and the like. Messages the schemas
 * word themselves pass through unchanged. Applied to the browser's own check and to the server's
 * issues alike, since both come from the same schemas.
 */
const RULES: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'is required'],
  [/^Too small: expected array to have >=1 items?$/, () => 'needs at least one entry'],
  [/^Invalid email address$/, () => 'must be a valid email address'],
  [/^Invalid input: expected number, received NaN$/, () => 'must be a number'],
  [/^Invalid input: expected \w+, received (undefined|null)$/, () => 'is required'],
  [/^Too big: expected number to be <=(\S+)$/, (match) => `must be at most ${match[1]}`],
  [/^Too small: expected number to be >=(\S+)$/, (match) => `must be at least ${match[1]}`],
  [/^Too big: expected string to have <=(\d+) characters?$/, (match) => `must be at most ${match[1]} characters`],
];

export const friendlySchemaMessage = (message: string): string => {
  for (const [pattern, reword] of RULES) {
    const match = pattern.exec(message);
    if (match) {
      return reword(match);
    }
  }

  return message;
};
