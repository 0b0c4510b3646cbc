import { TIER_LABELS } from '@switchyard/domain/claims/vocabulary';

const STEPS = [
  { step: 1, label: TIER_LABELS.TIER_1 },
  { step: 2, label: TIER_LABELS.TIER_2 },
  { step: 3, label: TIER_LABELS.TIER_3 },
  { step: 4, label: TIER_LABELS.TIER_4 },
] as const;

type TierProgressProps = { tierStep: number; tierBadge: string | null };

/** The four recovery stages; a sub-stage (the lien threat) shows as a badge on its step. */
export const TierProgress = ({ tierStep, tierBadge }: TierProgressProps) => (
  <ol className="tiers" aria-label="Recovery stage">
    {STEPS.map(({ step, label }) => {
      const state = step < tierStep ? 'done' : step === tierStep ? 'current' : 'todo';

      return (
        <li key={step} className={`tiers__step tiers__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
          <span className="tiers__dot" aria-hidden="true">
            {state === 'done' ? '✓' : step}
          </span>
          <span className="tiers__label">
            {label}
            {state === 'current' ? <span className="visually-hidden"> (current stage)</span> : null}
          </span>
          {state === 'current' && tierBadge ? <span className="badge badge--danger tiers__badge">{tierBadge}</span> : null}
        </li>
      );
    })}
  </ol>
);
