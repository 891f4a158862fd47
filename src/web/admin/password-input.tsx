import { type InputHTMLAttributes, useState } from 'react';

/**
 * A password box with its Show/Hide button: every password field of the staff area (sign-in,
 * sign-up, reset, My account) lets a person check what they typed before sending it.
 */
export function PasswordInput({ id, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-row">
      <input {...input} id={id} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="btn btn-light"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
