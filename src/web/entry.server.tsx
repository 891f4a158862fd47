import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { describeFailure } from '../shared/failure';
import './context';

export const streamTimeout = 5_000;

/**
 * A loader or render that failed is logged by kind and page pattern only: React Router's default
 * prints the whole error, and a database error's message quotes the visitor's values.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor's mistake (a form posted to a page that takes none: 405; a missing record: 404) is
  // answered as such and is nobody's failure: the log keeps its error lines for what went wrong here.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(
    JSON.stringify({ msg: 'page failed', method: request.method, failure: describeFailure(error) }),
  );
};

/** Render the page to a stream; crawlers get it whole, browsers as soon as the shell is ready. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyEvent =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />,
      {
        nonce: loadContext.nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            console.error(JSON.stringify({ msg: 'page render failed', failure: describeFailure(error) }));
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
