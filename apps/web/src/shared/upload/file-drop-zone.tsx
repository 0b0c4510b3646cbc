import { useId, useRef, useState, type DragEvent } from 'react';

type FileDropZoneProps = {
  label: string;
  hint: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
};

/**
 * Drop a file or pick one. The real control is a native file input behind a label, so keyboard
 * and screen-reader users get the browser's own file picker.
 */
export const FileDropZone = ({ label, hint, accept, disabled = false, onFile }: FileDropZoneProps) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) {
      onFile(file);
    }
  };

  return (
    <div
      className={['drop-zone', isOver ? 'drop-zone--over' : '', disabled ? 'drop-zone--disabled' : ''].join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(!disabled);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      data-testid="drop-zone"
    >
      <svg className="drop-zone__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
      </svg>
      <label htmlFor={inputId} className="drop-zone__label">
        <span className="drop-zone__action">{label}</span> or drag it here
      </label>
      <p className="drop-zone__hint">{hint}</p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="visually-hidden-file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) {
            onFile(file);
          }
          // Picking the same file again after an error must fire change again.
          event.target.value = '';
        }}
      />
    </div>
  );
};
