import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const skillFile = (skillsDir: string, name: string): string | null =>
  SKILL_NAME.test(name) && !name.includes('..') ? join(skillsDir, name, 'SKILL.md') : null;

export const skillExists = (skillsDir: string, name: string): boolean => {
  const file = skillFile(skillsDir, name);

  return file !== null && statSync(file, { throwIfNoEntry: false })?.isFile() === true;
};

export class UnknownSkillError extends Error {
  override name = 'UnknownSkillError';
}

/** The SKILL.md texts of the named skills, in order, joined as one block of instructions. */
export const loadSkillInstructions = (skillsDir: string, names: readonly string[]): string =>
  names
    .map((name) => {
      const file = skillFile(skillsDir, name);
      if (file === null || !skillExists(skillsDir, name)) {
        throw new UnknownSkillError(`skill "${name}" not found (expected ${join(skillsDir, name, 'SKILL.md')})`);
      }

      return readFileSync(file, 'utf8').trim();
    })
    .join('\n\n');
