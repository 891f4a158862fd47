import { type ReactNode, useState } from 'react';
import { Modal, useFeedback } from './feedback';

/**
 * A secret the server answers once (a reset link, an API key): shown whole and selectable, with a
 * Copy button and its outcome said in a status line. The caller's dialog says it is not shown again.
 */
export function ShownOnce({
  id,
  label,
  noun,
  value,
  rows = 3,
}: {
  id: string;
  label: string;
  /** What the Copy button copies: "link", "key". */
  noun: string;
  value: string;
  rows?: number;
}) {
  const feedback = useFeedback();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      feedback.error(`The browser did not allow copying. Select the ${noun} and copy it yourself.`);
    }
  }

  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="shown-once-value"
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.target.select()}
      />
      <p role="status" className="muted">
        {copied ? 'Copied.' : ''}
      </p>
      <button type="button" className="btn btn-primary" data-autofocus onClick={() => void copy()}>
        Copy {noun}
      </button>
    </>
  );
}

/** The dialog a secret is shown once in: the caller's words and the secret, then Close. */
export function ShownOnceDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} className="shown-once-dialog">
      {open && (
        <>
          <div className="modal-body">{children}</div>
          <div className="modal-footer">
            <button type="button" className="btn btn-light" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
