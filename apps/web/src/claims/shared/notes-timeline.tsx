import { formatDateTime } from '../../shared/format/format-date.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { NoteText } from './note-text.tsx';

export type TimelineNote = {
  author_type: string;
  author_name: string;
  subject: string | null;
  content: string;
  created_at: string;
  visibility?: string;
};

const ROLE_LABELS: Record<string, string> = { CLIENT: 'Client', STAFF: 'Staff', SYSTEM: 'System' };

type NotesTimelineProps = { notes: readonly TimelineNote[]; viewer: 'client' | 'staff' };

/** Newest first. Clients only ever receive shared notes; staff see which notes are internal. */
export const NotesTimeline = ({ notes, viewer }: NotesTimelineProps) => {
  if (notes.length === 0) {
    return <EmptyState title="No messages yet" />;
  }
  const ordered = [...notes].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <ol className="timeline" aria-label="Notes">
      {ordered.map((note, index) => {
        const isInternal = note.visibility === 'INTERNAL';
        const author = viewer === 'client' && note.author_type === 'CLIENT' ? 'You' : note.author_name;

        return (
          <li
            key={`${note.created_at}-${index}`}
            className={`note note--${note.author_type.toLowerCase()}${isInternal ? ' note--internal' : ''}`}
            data-visibility={note.visibility}
          >
            <div className="note__head">
              <span className="note__author">{author}</span>
              <span className="note__role">{ROLE_LABELS[note.author_type] ?? note.author_type}</span>
              {isInternal ? <span className="badge badge--warning">Internal</span> : null}
              {viewer === 'staff' && !isInternal ? <span className="badge badge--info">Shared with client</span> : null}
              <time className="note__time" dateTime={note.created_at}>
                {formatDateTime(note.created_at)}
              </time>
            </div>
            {note.subject ? <p className="note__subject">{note.subject}</p> : null}
            <NoteText content={note.content} />
          </li>
        );
      })}
    </ol>
  );
};
