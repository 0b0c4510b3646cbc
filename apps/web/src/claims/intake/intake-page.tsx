import { useState } from 'react';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { IntakeForm, type IntakeReceipt } from './intake-form.tsx';
import { IntakeSuccess } from './intake-success.tsx';

export const IntakePage = () => {
  const [receipt, setReceipt] = useState<IntakeReceipt | null>(null);
  useDocumentTitle(receipt ? 'Claim received' : 'Submit a claim');

  if (receipt) {
    return <IntakeSuccess receipt={receipt} onAnother={() => setReceipt(null)} />;
  }

  return (
    <div className="intake">
      <header className="page-header">
        <p className="page-header__eyebrow">Claim recovery</p>
        <h1 className="page-header__title">Submit an unpaid invoice</h1>
        <p className="page-header__lead">
          Tell us who owes you and how much. We review every claim and keep you updated in your client portal.
        </p>
      </header>
      <div className="intake__layout">
        <IntakeForm
          onSubmitted={(next) => {
            setReceipt(next);
            window.scrollTo(0, 0);
          }}
        />
        <aside className="intake__aside" aria-label="How it works">
          <h2 className="aside__title">How it works</h2>
          <ol className="aside__steps">
            <li>
              <strong>Submit</strong> the claim with the amount and the debtor's details.
            </li>
            <li>
              <strong>Review.</strong> We check the claim and may ask for invoices or contracts.
            </li>
            <li>
              <strong>Recovery</strong> moves from a friendly reminder to formal demand and, if needed, legal action.
            </li>
          </ol>
          <p className="aside__note">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">with an asterisk</span> are required.
          </p>
        </aside>
      </div>
    </div>
  );
};
