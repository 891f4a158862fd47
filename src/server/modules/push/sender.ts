import { createECDH } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestDetails } from 'web-push';
import type { PushMessage } from '../../../shared/push';
import type { Database } from '../../db/client';
import { serverSecret } from '../../db/server-secrets';
import type { Env } from '../../env';
import { endpointProblem, guardedLookup } from './endpoint-guard';
import type { PushStore, StoredPushSubscription } from './store';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A new P-256 private key, 32 bytes in base64url, as VAPID keys are kept (RFC 8292). */
function newVapidPrivateKey(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  // A key with leading zero bytes comes back shorter; VAPID wants all 32.
  return Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url');
}

/**
 * The site's VAPID key pair: the environment's private key, else one generated once into the
 * database (server_secrets), so every instance signs with the same key and a browser subscribed
 * through one instance is reached by all. The public key is derived from the private one.
 */
export async function loadVapidKeys(database: Database, env: Env): Promise<VapidKeys> {
  const privateKey = env.VAPID_PRIVATE_KEY
    ? Buffer.from(env.VAPID_PRIVATE_KEY, 'base64url')
    : await serverSecret(database, 'vapid', { generate: newVapidPrivateKey });
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  // The address of `Name <address>`, or the whole value when it is a bare address.
  const open = env.MAIL_FROM.lastIndexOf('<');
  const sender = (
    open >= 0 ? env.MAIL_FROM.slice(open + 1, env.MAIL_FROM.indexOf('>', open)) : env.MAIL_FROM
  ).trim();
  const subject =
    env.VAPID_SUBJECT ??
    (env.PUBLIC_URL?.startsWith('https://')
      ? env.PUBLIC_URL
      : `mailto:${/^[^\s@<>]+@[^\s@<>]+$/.test(sender) ? sender : 'no-reply@localhost'}`);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
    subject,
  };
}

export interface PushSenderOptions {
  keys: VapidKeys;
  store: PushStore;
  log: FastifyBaseLogger;
  allowLoopback: boolean;
  /** Posts in flight at once. */
  concurrency?: number;
  /** A push service slower than this is given up on (the notification is best effort). */
  timeoutMs?: number;
}

export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service said are gone (404/410), now deleted. */
  removed: number;
  failed: number;
}

/**
 * Browser notifications to staff. Web Push's encryption (aes128gcm, RFC 8291) and VAPID signature
 * (RFC 8292) come from `web-push`; the post itself is ours, so that it goes only to the addresses
 * the endpoint guard allows (checked again when the name is resolved), with a timeout.
 */
export function createPushSender(options: PushSenderOptions) {
  const { keys, store, log, allowLoopback } = options;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const agent = new https.Agent({ lookup: guardedLookup(allowLoopback), keepAlive: false });
  const httpAgent = new http.Agent({ lookup: guardedLookup(allowLoopback), keepAlive: false });

  function post(details: RequestDetails): Promise<number> {
    // An address written as an IP literal is not resolved, so the lookup below never sees it.
    const problem = endpointProblem(details.endpoint, allowLoopback);
    if (problem) return Promise.reject(new Error(`push endpoint refused: ${problem}`));
    const url = new URL(details.endpoint);
    // Plain http only reaches loopback, and only with PUSH_ALLOW_LOOPBACK (the guard refused the rest).
    const client = url.protocol === 'http:' && allowLoopback ? http : https;
    return new Promise((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: details.method,
          headers: details.headers,
          agent: client === http ? httpAgent : agent,
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`push service did not answer in ${timeoutMs} ms`)),
      );
      request.on('error', reject);
      request.end(details.body ?? undefined);
    });
  }

  async function deliver(subscription: StoredPushSubscription, payload: string): Promise<keyof PushOutcome> {
    try {
      // Loaded with the first push: a site whose staff never turned notifications on never pays for it.
      const { default: webpush } = await import('web-push');
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 3600,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const status = await post(details);
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) {
        await store.expire(subscription.endpoint);
        return 'removed';
      }
      log.warn({ status, userId: subscription.userId }, 'push service refused a notification');
      return 'failed';
    } catch (error) {
      log.warn({ err: error, userId: subscription.userId }, 'push notification could not be sent');
      return 'failed';
    }
  }

  return {
    publicKey: keys.publicKey,

    /**
     * Send `message` to every approved staff member's browsers, or to those of the one staff member
     * named by `userId`, a few at a time.
     */
    async notifyStaff(message: PushMessage, userId: string | null = null): Promise<PushOutcome> {
      const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
      const queue = await store.ofStaff(userId);
      const payload = JSON.stringify(message);
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) outcome[await deliver(next, payload)]++;
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
      return outcome;
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
