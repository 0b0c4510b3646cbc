import { decodeHtmlEntities } from '../../shared/text/decode-html-entities.ts';

/** Note content arrives HTML-escaped; it is decoded and rendered as text, never as markup. */
export const NoteText = ({ content }: { content: string }) => <p className="note__text">{decodeHtmlEntities(content)}</p>;
