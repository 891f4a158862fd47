import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { UserListItem } from '../../../shared/auth';
import { contactus } from '../../../shared/content/types';
import { GO_LIVE_ACCESS, GO_LIVE_PATH, type GoLive, type GoLiveItem } from '../../../shared/go-live';
import { mayCall } from '../../../shared/permissions';
import {
  LIVE_ACCESS,
  NO_SERVICE,
  REQUEST_STATS_ACCESS,
  REQUEST_STATS_PATH,
  type RequestStats,
} from '../../../shared/request-stats';
import { OutcomeChart, PairedWeeksChart, type Series, StackedWeeksChart } from '../../admin/charts';
import { Spinner } from '../../admin/feedback';
import { formatAgo, formatMinutes, formatWhen } from '../../admin/format';
import { useLiveChanges } from '../../admin/live';
import { optionalRead } from '../../admin/load';
import { screensFor } from '../../admin/screens';
import { openScreen } from '../../admin/signed-in';
import type { loader as layoutLoader } from './layout';

export function meta() {
  return [{ title: 'Dashboard | Admin' }];
}

/**
 * The live numbers: the tiles' counts, how the business is doing, and the services' names. Each
 * is asked for only when the role may call its route (a tile's count with its screen), so no
 * role's dashboard meets a refusal.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const { role } = await openScreen(request);
  const counted = new Set(screensFor(role).map((screen) => screen.count));
  const readIf = <T,>(allowed: boolean, path: string) =>
    allowed ? optionalRead<T>(path, request) : Promise.resolve(null);
  const withStats = mayCall(role, REQUEST_STATS_ACCESS);
  const [messages, users, stats, services, goLive] = await Promise.all([
    readIf<{ totalCount: number }>(
      counted.has('unreadMessages'),
      `/api/${contactus.name}?status=Pending&page=1&pageSize=1`,
    ),
    readIf<UserListItem[]>(counted.has('pendingUsers'), '/api/users'),
    readIf<RequestStats>(withStats, `${REQUEST_STATS_PATH}?weeks=12`),
    // The services' names label the request desk's charts.
    readIf<{ slug?: string; title?: string }[]>(withStats, '/api/service'),
    readIf<GoLive>(mayCall(role, GO_LIVE_ACCESS), GO_LIVE_PATH),
  ]);
  const serviceNames: Record<string, string> = {};
  for (const service of Array.isArray(services) ? services : [])
    if (service.slug && service.title) serviceNames[service.slug] = service.title;
  return {
    unreadMessages: messages?.totalCount ?? null,
    pendingUsers: users ? users.filter((user) => user.role === 'pending').length : null,
    stats,
    serviceNames,
    goLive: goLive?.items ?? [],
    hearsLive: mayCall(role, LIVE_ACCESS),
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** How often an open dashboard refreshes its numbers (and whenever the tab comes back into view). */
const REFRESH_MS = 60_000;
/** Changes that arrive together (a bulk action) refresh the numbers once. */
const SETTLE_MS = 300;
/** Services drawn apart in the weekly chart; the rest share the "Other" bar. */
const DRAWN_SERVICES = 5;
/** Follow-ups listed by name on the tile; the count says how many more. */
const FOLLOW_UPS_SHOWN = 5;

const COUNT_LABEL = { unreadMessages: 'unread', pendingUsers: 'waiting for approval' } as const;

type Loaded = Awaited<ReturnType<typeof clientLoader>>;

export default function Dashboard() {
  const { stats, serviceNames, goLive, hearsLive, ...counts } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void revalidate();
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [revalidate]);

  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  useLiveChanges(
    'contactus',
    useCallback(() => {
      clearTimeout(settle.current);
      settle.current = setTimeout(() => void revalidate(), SETTLE_MS);
    }, [revalidate]),
    hearsLive,
  );

  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout');
  const screens = layout ? screensFor(layout.user.role) : [];
  return (
    <section className="screen dashboard">
      <header className="screen-header">
        <h1>Dashboard</h1>
      </header>
      {goLive.length > 0 && <GoLiveChecklist items={goLive} />}
      {stats && <RequestDesk stats={stats} serviceNames={serviceNames} />}
      <h2 className="dashboard-heading">Manage the site</h2>
      <ul className="tiles">
        {screens.map((screen) => {
          const count = screen.count ? counts[screen.count] : null;
          return (
            <li key={screen.path}>
              <Link to={screen.path} className="tile">
                <span className="tile-title">{screen.tile}</span>
                <span className="tile-text">{screen.description}</span>
                {screen.count && count !== null && (
                  <span className={count > 0 ? 'tile-count attention' : 'tile-count'}>
                    {count} {COUNT_LABEL[screen.count]}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What still says "demo" or "not set up", each with where to fix it; gone once all is done. */
function GoLiveChecklist({ items }: { items: GoLiveItem[] }) {
  return (
    <section className="panel go-live" aria-labelledby="go-live-title">
      <h2 id="go-live-title">Before you go live ({items.length} to do)</h2>
      <ul className="go-live-list">
        {items.map((item) => (
          <li key={item.id}>
            <p className="go-live-title">{item.title}</p>
            <p className="go-live-detail">
              {item.detail}
              {item.fix && (
                <>
                  {' '}
                  <Link to={item.fix.href}>{item.fix.label}</Link>
                </>
              )}
            </p>
            {item.records && (
              <details>
                <summary>Which ones</summary>
                <ul className="go-live-records">
                  {item.records.map((record) => (
                    <li key={record.name}>
                      <Link to={record.href}>{record.name}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const serviceLabel = (names: Record<string, string>, slug: string | null) =>
  !slug || slug === NO_SERVICE ? 'Other / not given' : (names[slug] ?? slug);

/** What is waiting and how the business is doing: the request panel, the figures and the charts. */
function RequestDesk({ stats, serviceNames }: { stats: RequestStats; serviceNames: Loaded['serviceNames'] }) {
  const announcement = useUrgentAnnouncement(stats.newRequests);
  const { weeks, series } = useMemo(
    () => drawnServices(stats.weeks, serviceNames),
    [stats.weeks, serviceNames],
  );
  const { won, lost } = stats.outcomes;
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="dashboard-top">
        <ul className="figures" aria-label="Key figures">
          <li className={stats.openUrgent > 0 ? 'figure attention' : 'figure'}>
            <span className="figure-value">{stats.openUrgent}</span>
            <span className="figure-label">Open urgent requests</span>
          </li>
          <li className={stats.followUpsDue > 0 ? 'figure attention' : 'figure'}>
            <span className="figure-value">{stats.followUpsDue}</span>
            <span className="figure-label">Follow-ups due today</span>
          </li>
          <li className="figure">
            <span className="figure-value">{formatMinutes(stats.firstResponse.medianMinutes)}</span>
            <span className="figure-label">
              Typical first response (median)
              <span className="figure-note">
                90% within {formatMinutes(stats.firstResponse.p90Minutes)} · {stats.firstResponse.count}{' '}
                answered
              </span>
            </span>
          </li>
          <li className="figure">
            <span className="figure-value">
              {won + lost ? `${Math.round((won / (won + lost)) * 100)}%` : '–'}
            </span>
            <span className="figure-label">
              Won, of requests decided
              <span className="figure-note">
                {won} won · {lost} lost in 12 weeks
              </span>
            </span>
          </li>
        </ul>
        <section className="panel new-requests" aria-labelledby="new-requests-title">
          <h2 id="new-requests-title">New requests</h2>
          {stats.newRequests.length === 0 ? (
            <p className="panel-empty">Nothing waiting. New requests appear here as they arrive.</p>
          ) : (
            <ul className="request-list">
              {stats.newRequests.map((request) => (
                <li key={request._id} className={request.urgent ? 'request-row urgent' : 'request-row'}>
                  <Link to={`/message/${request._id}`} className="request-link">
                    <span className="request-line">
                      {request.urgent && <span className="badge badge-urgent">Urgent</span>}
                      <strong>{request.reference ?? 'No reference'}</strong>
                      <span className="request-service">{serviceLabel(serviceNames, request.service)}</span>
                    </span>
                    <span className="request-meta">
                      {request.area || 'Area not given'} ·{' '}
                      <time dateTime={request.createdAt} title={formatWhen(request.createdAt)}>
                        {formatAgo(request.createdAt)}
                      </time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        {stats.followUpsDueList.length > 0 && (
          <section className="panel follow-ups-panel" aria-labelledby="follow-ups-title">
            <h2 id="follow-ups-title">Follow-ups due today</h2>
            <ul className="follow-ups">
              {stats.followUpsDueList.slice(0, FOLLOW_UPS_SHOWN).map((due) => (
                <li key={due._id}>
                  <Link to={`/message/${due._id}`}>
                    {due.reference ?? 'Request'} · {due.name}
                  </Link>
                  <time dateTime={due.followUpAt}>{formatWhen(due.followUpAt)}</time>
                </li>
              ))}
              {stats.followUpsDue > FOLLOW_UPS_SHOWN && (
                <li className="follow-ups-more">and {stats.followUpsDue - FOLLOW_UPS_SHOWN} more</li>
              )}
            </ul>
          </section>
        )}
      </div>

      <h2 className="dashboard-heading">The last 12 weeks</h2>
      <div className="charts">
        <StackedWeeksChart title="New requests per week, by service" weeks={weeks} series={series} />
        <PairedWeeksChart
          title="Calls and WhatsApp taps per week"
          weeks={stats.taps}
          series={[
            { key: 'call', label: 'Calls' },
            { key: 'whatsapp', label: 'WhatsApp' },
          ]}
        />
        <OutcomeChart title="Requests won and lost" won={won} lost={lost} />
      </div>
    </>
  );
}

/** The busiest services drawn apart, the rest (and requests naming none) together as "Other". */
function drawnServices(weeks: RequestStats['weeks'], names: Record<string, string>) {
  const totals = new Map<string, number>();
  for (const week of weeks)
    for (const [slug, count] of Object.entries(week.byService))
      totals.set(slug, (totals.get(slug) ?? 0) + count);
  const kept = [...totals.entries()]
    .filter(([slug]) => slug !== NO_SERVICE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, DRAWN_SERVICES)
    .map(([slug]) => slug);
  const series: Series[] = kept.map((slug) => ({ key: slug, label: serviceLabel(names, slug) }));
  const hasOther = [...totals.keys()].some((slug) => !kept.includes(slug));
  if (hasOther) series.push({ key: NO_SERVICE, label: 'Other' });
  return {
    series,
    weeks: weeks.map((week) => {
      const byService: Record<string, number> = {};
      for (const [slug, count] of Object.entries(week.byService)) {
        const key = kept.includes(slug) ? slug : NO_SERVICE;
        byService[key] = (byService[key] ?? 0) + count;
      }
      return { ...week, byService };
    }),
  };
}

/**
 * "Urgent request CF-7Q3K from Gulberg", said once by a polite live region when an urgent request
 * appears that was not there at the last look (none at the first look: those were already there).
 */
function useUrgentAnnouncement(requests: RequestStats['newRequests']): string {
  const seen = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const urgent = requests.filter((request) => request.urgent);
    if (seen.current) {
      const known = seen.current;
      const fresh = urgent.filter((request) => !known.has(request._id));
      if (fresh.length)
        setAnnouncement(
          fresh
            .map((request) =>
              [`Urgent request ${request.reference ?? ''}`.trim(), request.area && `from ${request.area}`]
                .filter(Boolean)
                .join(' '),
            )
            .join('. '),
        );
    }
    seen.current = new Set([...(seen.current ?? []), ...urgent.map((request) => request._id)]);
  }, [requests]);
  return announcement;
}
