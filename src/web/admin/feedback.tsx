import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/**
 * In-page feedback for the admin area, never window.alert/confirm: notifications announced by
 * live regions (successes politely, failures at once) and a confirmation dialog that keeps focus
 * inside and cancels on Escape.
 */
interface Notice {
  id: number;
  kind: 'success' | 'error';
  text: string;
  action?: { label: string; run: () => void };
}

interface Feedback {
  success(text: string, action?: Notice['action']): void;
  error(text: string): void;
  /** Ask before doing something; resolves true when the person confirms. */
  confirm(options: { message: string; confirmLabel?: string }): Promise<boolean>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}

const NOTICE_MS = 6000;
const NOTICE_WITH_ACTION_MS = 12000;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const [question, setQuestion] = useState<{
    message: string;
    confirmLabel: string;
    resolve: (ok: boolean) => void;
  } | null>(null);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setNotices((list) => list.filter((notice) => notice.id !== id));
  }, []);

  const push = useCallback(
    (notice: Omit<Notice, 'id'>) => {
      const id = nextId.current++;
      setNotices((list) => [...list.slice(-3), { ...notice, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), notice.action ? NOTICE_WITH_ACTION_MS : NOTICE_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  const [feedback] = useState<Feedback>(() => ({
    success: (text, action) => push({ kind: 'success', text, action }),
    error: (text) => push({ kind: 'error', text }),
    confirm: ({ message, confirmLabel = 'Delete' }) =>
      new Promise<boolean>((resolve) => setQuestion({ message, confirmLabel, resolve })),
  }));
  // The functions above close over `push`, which never changes identity.

  const answer = (ok: boolean) => {
    question?.resolve(ok);
    setQuestion(null);
  };

  const render = (kind: Notice['kind']) =>
    notices
      .filter((notice) => notice.kind === kind)
      .map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.kind}`}>
          <span className="notice-text">{notice.text}</span>
          {notice.action && (
            <button
              type="button"
              className="btn btn-small btn-light"
              onClick={() => {
                dismiss(notice.id);
                notice.action?.run();
              }}
            >
              {notice.action.label}
            </button>
          )}
          <button
            type="button"
            className="notice-close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(notice.id)}
          >
            ×
          </button>
        </div>
      ));

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      <div className="notices">
        <div role="status" aria-live="polite" className="notice-stack">
          {render('success')}
        </div>
        <div role="alert" className="notice-stack">
          {render('error')}
        </div>
      </div>
      <ConfirmDialog
        open={question !== null}
        message={question?.message ?? ''}
        confirmLabel={question?.confirmLabel ?? 'Delete'}
        onAnswer={answer}
      />
    </FeedbackContext.Provider>
  );
}

/**
 * A native modal <dialog>: the rest of the page is inert while it is open (focus stays inside),
 * Escape asks `onClose`, and a click on the backdrop does nothing (a static backdrop).
 */
export function Modal({
  open,
  onClose,
  title,
  size = 'md',
  role,
  describedBy,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: 'md' | 'xl';
  role?: 'alertdialog';
  describedBy?: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The dialog's own choice would be the first button (Close); prefer the marked control.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}${className ? ` ${className}` : ''}`}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        // React hands a dialog's cancel to the dialogs around it too: Escape closes only the top one.
        event.stopPropagation();
        onClose();
      }}
    >
      {open && (
        <div className="modal-content">
          <div className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onAnswer,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  onAnswer: (ok: boolean) => void;
}) {
  const messageId = useId();
  return (
    <Modal
      open={open}
      onClose={() => onAnswer(false)}
      title="Please confirm"
      role="alertdialog"
      describedBy={messageId}
      className="modal-confirm"
    >
      <div className="modal-body">
        <p id={messageId}>{message}</p>
      </div>
      <div className="modal-footer">
        {/* Cancel comes first and takes focus: the safe choice is the default one. */}
        <button type="button" className="btn btn-light" data-autofocus onClick={() => onAnswer(false)}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={() => onAnswer(true)}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
