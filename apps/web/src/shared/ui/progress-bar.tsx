type ProgressBarProps = { label: string; fraction: number };

export const ProgressBar = ({ label, fraction }: ProgressBarProps) => {
  const percent = Math.round(Math.min(Math.max(fraction, 0), 1) * 100);

  return (
    <div className="progress">
      <div className="progress__text">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div className="progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
};
