import { FormAlert } from '../../../shared/forms/form-alert.tsx';

const NOTICES: Record<string, { tone: 'info' | 'error'; text: string }> = {
  'session-ended': { tone: 'info', text: 'Your session has ended. Please sign in again.' },
  'link-invalid': { tone: 'error', text: 'That sign-in link is invalid, expired or already used. Request a new one below.' },
  'signed-out': { tone: 'info', text: 'You are signed out.' },
};

export const SignInNotice = ({ notice }: { notice: string | null }) => {
  const known = notice ? NOTICES[notice] : undefined;

  return known ? <FormAlert tone={known.tone}>{known.text}</FormAlert> : null;
};
