import { Link } from '../../shared/router/link.tsx';
import type { IntakeReceipt } from './intake-form.tsx';
import { Icon } from '../../shared/ui/icon.tsx';

export const IntakeSuccess = ({ receipt, onAnother }: { receipt: IntakeReceipt; onAnother: () => void }) => (
  <section className="card success" aria-labelledby="success-title">
    <div className="success__icon">
      <Icon name="check" />
    </div>
    <h1 id="success-title" className="success__title">
      Claim received
    </h1>
    <p className="success__lead">Your claim number is</p>
    <p className="success__number" data-testid="claim-number">
      {receipt.claimNumber}
    </p>
    <p>{receipt.message}</p>
    <ol className="success__steps">
      <li>Our team reviews your claim, usually within one business day.</li>
      <li>
        Follow its progress, upload invoices and message us in the client portal. Sign in with <strong>{receipt.email}</strong>; we email
        you a one-time link, no password needed.
      </li>
    </ol>
    <div className="form-actions form-actions--center">
      <Link to={`/portal/sign-in?email=${encodeURIComponent(receipt.email)}`} className="button button--primary">
        Go to the client portal
      </Link>
      <button type="button" className="button" onClick={onAnother}>
        Submit another claim
      </button>
    </div>
  </section>
);
