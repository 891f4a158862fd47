/** What the subscriber's pages and the API say, in one place (no zod here: public pages import it). */
export const subscriptionMessages = {
  confirmed: 'Your subscription is confirmed. Thank you!',
  unsubscribed: 'You are unsubscribed. You will get no more e-mail from us.',
  linkInvalid: 'This link is not valid any more. It may have been used already, or the address was removed.',
  /** The admin screen, while SMTP_URL is unset. */
  mailNotSetUp:
    'Confirmation e-mails cannot be sent until mail is set up (SMTP_URL). New subscribers wait unconfirmed until then.',
} as const;

/** A link token: 32 random bytes, base64url. Anything else is refused before the database. */
export const SUBSCRIPTION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The tokens' length, stated as a maximum too: an anonymous body's size is read from its schema. */
export const SUBSCRIPTION_TOKEN_LENGTH = 43;
