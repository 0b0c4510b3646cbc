import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { Link } from '../../shared/router/link.tsx';
import { CLAIMS_TERMS } from './terms-text.ts';

/** The terms the intake form links to; its wording is the operator's, in terms-text.ts. */
export const TermsPage = () => {
  useDocumentTitle(CLAIMS_TERMS.title);

  return (
    <article className="card terms" aria-labelledby="terms-title">
      <h1 id="terms-title">{CLAIMS_TERMS.title}</h1>
      <p className="muted">{CLAIMS_TERMS.updated}</p>
      {CLAIMS_TERMS.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <Link to="/">Back to the claim form</Link>
      </p>
    </article>
  );
};
