import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { PageHeader } from '../../shared/layout/page-header.tsx';
import { Link } from '../../shared/router/link.tsx';
import { operatorChoice } from '../shared/session/operator-choice.ts';
import { transportSession } from '../shared/session/transport-session.ts';
import { homeForRole, transportPaths } from '../shared/transport-paths.ts';
import { ChooseOperatorForm } from './choose-operator-form.tsx';
import { OperatorOverview } from './operator-overview.tsx';

export const WelcomePage = () => {
  useDocumentTitle('School transport');
  const operator = operatorChoice.use();
  const session = transportSession.use();

  if (!operator) {
    return (
      <>
        <PageHeader
          eyebrow="School transport"
          title="Safe rides to school"
          lead="Register your children for the school bus, follow your registration and pay your invoices."
        />
        <ChooseOperatorForm />
        <p className="welcome__staff muted">
          Work for an operator, or run the platform? <Link to={transportPaths.signIn()}>Sign in</Link>.
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="School transport"
        title={operator.name}
        lead="Register your children for the school bus, follow your registration and pay your invoices."
        actions={
          <button type="button" className="button button--small" onClick={() => operatorChoice.clear()}>
            Change operator
          </button>
        }
      />
      <div className="choice-grid">
        {session ? (
          <section className="card choice">
            <h2 className="card__title">Welcome back</h2>
            <p className="muted">You are signed in as {session.user.email}.</p>
            <Link className="button button--primary" to={homeForRole(session.user.role)}>
              Go to my pages
            </Link>
          </section>
        ) : (
          <>
            <section className="card choice">
              <h2 className="card__title">New family?</h2>
              <p className="muted">Create an account, then register your household and children.</p>
              <Link className="button button--primary" to={transportPaths.createAccount}>
                Create an account
              </Link>
            </section>
            <section className="card choice">
              <h2 className="card__title">Already registered?</h2>
              <p className="muted">See your registration, children and invoices.</p>
              <Link className="button" to={transportPaths.signIn()}>
                Sign in
              </Link>
            </section>
          </>
        )}
      </div>
      <OperatorOverview slug={operator.slug} />
    </>
  );
};
