import { useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { type TwoFactorStatus, twoFactorDisableSchema, twoFactorEnableSchema } from '../../shared/two-factor';
import { ApiError, api } from '../lib/api';
import { useFeedback } from './feedback';
import { QrCode } from './qr-code';
import { SchemaForm } from './schema-form';
import './two-factor.css';

const CODE_FIELD = {
  name: 'code',
  label: 'Authentication code',
  type: 'text',
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
} as const;
const PASSWORD_FIELD = {
  name: 'password',
  label: 'Password',
  type: 'password',
  autoComplete: 'current-password',
} as const;

/** "JBSW Y3DP EHPK 3PXP": easier to type into a phone than one long run of letters. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * My account's "Two-factor sign-in": turn it on (a QR code and the secret as text, confirmed with
 * a code), keep the recovery codes, replace them, or turn it off with the password and a code.
 */
export function TwoFactorSection() {
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setStatus(await api<TwoFactorStatus>('/api/auth/2fa'));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof ApiError ? error.message : 'Could not load the two-factor status.');
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);

  async function turnOn() {
    setStarting(true);
    try {
      setSetup(await api<{ secret: string; otpauthUrl: string }>('/api/auth/2fa/setup', { method: 'POST' }));
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'Two-factor sign-in could not be started.');
    } finally {
      setStarting(false);
    }
  }

  function codesSaved() {
    setRecoveryCodes(null);
    // The admin area stops sending someone here once the requirement is met.
    void revalidator.revalidate();
  }

  const mustTurnOn = status?.required && !status.enabled;
  return (
    <div className="account-card two-factor" id="two-factor">
      <h2>Two-factor sign-in</h2>
      {mustTurnOn && (
        <p className="notice-inline" role="status">
          <strong>The site requires two-factor sign-in for your account.</strong> Turn it on to continue using
          the admin area.
        </p>
      )}
      {loadError && <p className="form-error">{loadError}</p>}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onSaved={codesSaved} />
      ) : !status ? (
        !loadError && <p>Loading…</p>
      ) : status.enabled ? (
        <>
          <p>
            <strong>On</strong> since {new Date(status.enabledAt ?? '').toLocaleDateString()}. Signing in asks
            for a code from your authenticator app. {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <details className="two-factor-more">
            <summary>Replace the recovery codes</summary>
            <p>The old codes stop working.</p>
            <SchemaForm
              schema={twoFactorEnableSchema}
              fields={[CODE_FIELD]}
              idPrefix="two-factor-regenerate"
              submitLabel="Make new recovery codes"
              busyLabel="Making…"
              endpoint="/api/auth/2fa/recovery-codes"
              onDone={(answer) => setRecoveryCodes((answer as { recoveryCodes: string[] }).recoveryCodes)}
            />
          </details>
          {status.required ? (
            <p className="field-help">
              The site settings require it for your account, so it cannot be turned off.
            </p>
          ) : (
            <details className="two-factor-more">
              <summary>Turn off two-factor sign-in</summary>
              <SchemaForm
                schema={twoFactorDisableSchema}
                fields={[PASSWORD_FIELD, CODE_FIELD]}
                idPrefix="two-factor-off"
                submitLabel="Turn off"
                busyLabel="Turning off…"
                endpoint="/api/auth/2fa/disable"
                onDone={() => {
                  feedback.success('Two-factor sign-in is off.');
                  void refresh();
                }}
              />
            </details>
          )}
        </>
      ) : setup ? (
        <>
          <ol className="two-factor-steps">
            <li>
              Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
              1Password, Aegis…):
              <QrCode value={setup.otpauthUrl} label="QR code for your authenticator app" />
            </li>
            <li>
              Or type this key into the app:{' '}
              <code className="two-factor-secret" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </code>
            </li>
            <li>Enter the six-digit code the app shows:</li>
          </ol>
          <SchemaForm
            schema={twoFactorEnableSchema}
            fields={[CODE_FIELD]}
            idPrefix="two-factor-on"
            submitLabel="Confirm"
            busyLabel="Confirming…"
            endpoint="/api/auth/2fa/enable"
            onDone={(answer) => {
              setSetup(null);
              setRecoveryCodes((answer as { recoveryCodes: string[] }).recoveryCodes);
              void refresh();
            }}
          />
        </>
      ) : (
        <>
          <p>
            <strong>Off.</strong> With it on, signing in needs your password and a code from an app on your
            phone, so a stolen password alone is not enough.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={starting}
            onClick={() => void turnOn()}
          >
            {starting ? 'Starting…' : 'Turn on two-factor sign-in'}
          </button>
        </>
      )}
    </div>
  );
}

/** The ten codes, shown once: copy them, download them, then say they are kept. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const feedback = useFeedback();
  const text = `Recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const [download, setDownload] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    setDownload(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);
  return (
    <div className="recovery-codes">
      <p>
        <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each lets you
        sign in once without your phone. They are shown only now.
      </p>
      <ol className="recovery-code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor-actions">
        <button
          type="button"
          className="btn btn-light"
          onClick={() =>
            void navigator.clipboard
              .writeText(text)
              .then(() => feedback.success('Recovery codes copied.'))
              .catch(() => feedback.error('Copying is not allowed here: select the codes and copy them.'))
          }
        >
          Copy
        </button>
        {download && (
          <a className="btn btn-light" href={download} download="recovery-codes.txt">
            Download (.txt)
          </a>
        )}
        <button type="button" className="btn btn-primary" onClick={onSaved}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
