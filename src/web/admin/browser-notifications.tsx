import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../lib/api';
import { useFeedback } from './feedback';
import './browser-notifications.css';

type State =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'blocked' }
  | { kind: 'off' }
  | { kind: 'on' };

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The applicationServerKey PushManager wants: the server's base64url public key as bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/** The site's service worker (it shows the notifications), installed if the public pages have not yet. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * My account's "Browser notifications": urgent requests shown by this browser even when the admin
 * area is closed (Web Push). The choice is per browser, so the state shown is this browser's.
 */
export function BrowserNotifications() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Done is said once, in the staff area's one live region, like every other action's outcome.
  const feedback = useFeedback();

  const check = useCallback(async () => {
    if (!supported()) return setState({ kind: 'unsupported' });
    if (Notification.permission === 'denied') return setState({ kind: 'blocked' });
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    setState({ kind: subscription ? 'on' : 'off' });
  }, []);
  useEffect(() => {
    check().catch(() => setState({ kind: 'off' }));
  }, [check]);

  async function turnOn() {
    setBusy(true);
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState({ kind: permission === 'denied' ? 'blocked' : 'off' });
        setProblem(
          permission === 'denied'
            ? 'Your browser refused notifications for this site. Allow them in the site settings of your browser, then turn them on here.'
            : 'Notifications were not allowed. Press Turn on again and choose Allow.',
        );
        return;
      }
      const { publicKey } = await api<{ publicKey: string }>('/api/push/key');
      const key = keyBytes(publicKey);
      const registration = await workerRegistration();
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made for another key (the site's key changed) cannot be reached: replace it.
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      await api('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
      setState({ kind: 'on' });
      feedback.success('Notifications are on for this browser.');
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? error.message
          : 'This browser could not subscribe to notifications (its push service refused or cannot be reached). Try again later or use another browser.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setProblem(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setState({ kind: 'off' });
      feedback.success('Notifications are off for this browser.');
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : 'Notifications could not be turned off. Try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  const status: Record<State['kind'], string> = {
    checking: 'Checking this browser…',
    unsupported:
      'This browser cannot show notifications from the site. On an iPhone or iPad, add the site to the Home Screen first and open it from there.',
    blocked: 'Notifications are blocked for this site in your browser settings.',
    off: 'Off for this browser.',
    on: 'On: this browser shows a notification for every urgent request.',
  };

  return (
    <div className="account-card account-notifications">
      <h2>Browser notifications</h2>
      <p className="muted">
        Urgent requests appear on this device as a notification, even when the admin area is closed.
      </p>
      <p className="notifications-state">
        <span className={`status-badge ${state.kind === 'on' ? 'current' : ''}`}>
          {state.kind === 'on' ? 'On' : state.kind === 'checking' ? '…' : 'Off'}
        </span>
        <span>{status[state.kind]}</span>
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="notifications-actions">
        {state.kind === 'on' ? (
          <button type="button" className="btn btn-light" disabled={busy} onClick={turnOff}>
            {busy ? 'Turning off…' : 'Turn off'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || state.kind === 'unsupported' || state.kind === 'checking'}
            onClick={turnOn}
          >
            {busy ? 'Turning on…' : 'Turn on'}
          </button>
        )}
      </div>
    </div>
  );
}
