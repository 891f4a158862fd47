/**
 * The site's button vocabulary: one wording per action, in sentence case, on every page and in
 * every component (docs/decisions/104). `src/server/plugins/interface-words.test.ts` fails on
 * another spelling of these and on a heading or button written in capitals.
 */
export const BUTTON_WORDS = {
  requestVisit: 'Request a visit',
  callNow: 'Call now',
  /** The phone's call bar at night, where "Call emergency line" would push WhatsApp off a small screen. */
  emergencyLine: 'Emergency line',
  seeProject: 'See the project',
  readMore: 'Read more',
  logOut: 'Log out',
} as const;
