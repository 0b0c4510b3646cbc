type SubmitButtonProps = {
  label: string;
  busyLabel: string;
  isBusy: boolean;
  variant?: 'primary' | 'plain';
  size?: 'small' | 'large' | 'block';
};

/** A form's submit button: disabled and relabelled while the request is out, so it is sent once. */
export const SubmitButton = ({ label, busyLabel, isBusy, variant = 'primary', size }: SubmitButtonProps) => (
  <button
    type="submit"
    className={['button', variant === 'primary' ? 'button--primary' : '', size ? `button--${size}` : ''].filter(Boolean).join(' ')}
    disabled={isBusy}
  >
    {isBusy ? busyLabel : label}
  </button>
);
