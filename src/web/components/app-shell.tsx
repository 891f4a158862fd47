import { useEffect, useState } from 'react';
import { SERVER_DOWN_MESSAGE, watchServer } from '../lib/server-status';

/** The admin area's banner: shown while the server is down (see watchServer). */
export function ServerStatusBanner() {
  const [down, setDown] = useState(false);
  useEffect(() => watchServer(setDown), []);
  if (!down) return null;
  return (
    <div className="server-banner" role="alert">
      {SERVER_DOWN_MESSAGE}
    </div>
  );
}

/**
 * The public pages' banner, as server HTML: empty and hidden until the server-status island
 * finds the server down (or a page is served from the offline cache), then it says so with the
 * company's phone, so that a visitor can still call.
 */
export function ServerDownNotice({
  phone,
  phoneHref,
  chatHref,
}: {
  phone: string;
  phoneHref: string;
  chatHref: string;
}) {
  return (
    <div className="server-banner server-down-notice" data-server-banner>
      <p role="alert" data-server-banner-text>
        {SERVER_DOWN_MESSAGE}
      </p>
      <p className="server-down-call">
        Call us:{' '}
        <a href={phoneHref} data-site-phone>
          {phone}
        </a>{' '}
        or{' '}
        <a href={chatHref} target="_blank" rel="noopener" data-site-chat>
          chat on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
