import { offsetWindow } from '../../shared/clock';
import type { CenterStatus, HoursLine } from '../../shared/content/hours';
import { telHref } from '../../shared/text';
import type { CenterView } from '../lib/centers';
import { Icon } from './icons';
import { PlaceLines } from './sections';

/**
 * The attributes that make an element the open-now island's (islands/open-now.ts): the hours and
 * numbers it works the state out from again when the page is read (decision 098). None without a
 * state to show.
 */
export function openNowAttributes(
  center: Pick<CenterView, 'status' | 'hours' | 'phone' | 'emergencyPhone'>,
  timeZone: string,
) {
  if (!center.status) return {};
  // The zone's offset and the instants it holds between: inside them the island reads the wall
  // clock by arithmetic, without Intl (whose first use blocks a phone's page for a quarter second).
  const { offset, from, until } = offsetWindow(new Date(), timeZone);
  return {
    'data-island': 'open-now',
    'data-hours': JSON.stringify(center.hours),
    'data-time-zone': timeZone,
    'data-utc-offset': offset,
    'data-offset-from': String(from),
    'data-offset-until': String(until),
    'data-phone': center.phone,
    'data-emergency-phone': center.emergencyPhone,
  };
}

/**
 * Open or closed now, with the number that answers now (`withCall`: a list that shows the
 * center's numbers on lines of their own leaves it out). The island fills the same parts again
 * from the hours in the page when it is read.
 */
export function CenterStatusLine({ status, withCall = true }: { status: CenterStatus; withCall?: boolean }) {
  return (
    <p className="center-status" data-state={status.state} data-open-now>
      <span className="center-status-dot" aria-hidden="true" />
      <span data-status-label>{status.label}</span>
      {withCall ? (
        <span data-status-call hidden={status.state === 'closed'}>
          <a href={telHref(status.callPhone)} data-status-phone>
            {status.callPhone}
          </a>
        </span>
      ) : null}
    </p>
  );
}

/** A center's numbers and address in a list: its phone, its 24/7 emergency line, where it is. */
export function CenterLines({
  center,
}: {
  center: Pick<CenterView, 'phone' | 'emergencyPhone' | 'address'>;
}) {
  return (
    <>
      <PlaceLines phone={center.phone} address={center.address} />
      {center.emergencyPhone ? (
        <p className="icon-line">
          <Icon name="phone" className="icon icon-sm" />
          <span>
            Emergency line, 24/7: <a href={telHref(center.emergencyPhone)}>{center.emergencyPhone}</a>
          </span>
        </p>
      ) : null}
    </>
  );
}

/** The week as lines (hours.ts `weekLines`): "Monday–Friday 9 am–7 pm", "Every day 24 hours". */
export function HoursTable({ lines, caption }: { lines: HoursLine[]; caption?: string }) {
  return (
    <table className="hours-table">
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <tbody>
        {lines.map((line) => (
          <tr key={line.days} className={line.closed ? 'is-closed' : undefined}>
            <th scope="row">{line.days}</th>
            <td>{line.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A center in a list (a card, the contact page): open now, its numbers and address, its hours. */
export function CenterSummary({ center }: { center: CenterView }) {
  return (
    <>
      {center.status ? <CenterStatusLine status={center.status} withCall={false} /> : null}
      <CenterLines center={center} />
      {center.week.length > 0 ? (
        <HoursTable lines={center.week} caption={`Opening hours of ${center.name}`} />
      ) : null}
    </>
  );
}

const MAP_WIDTH = 480;
const MAP_HEIGHT = 320;
const MAP_PAD = 56;

/** Where each center with a point sits in the map's box: an equirectangular view fitted to them. */
export function placeOnMap(centers: readonly Pick<CenterView, 'point'>[]) {
  const points = centers.flatMap((center) => (center.point ? [center.point] : []));
  if (points.length === 0) return () => null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const squeeze = Math.cos((midLat * Math.PI) / 180);
  const xs = lngs.map((lng) => lng * squeeze);
  const ys = lats.map((lat) => -lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // One center, or several in one city, still get a box of about a degree around them.
  const spanX = Math.max(maxX - minX, 1);
  const spanY = Math.max(maxY - minY, 1);
  const scale = Math.min((MAP_WIDTH - 2 * MAP_PAD) / spanX, (MAP_HEIGHT - 2 * MAP_PAD) / spanY);
  const offsetX = MAP_WIDTH / 2 - ((minX + maxX) / 2) * scale;
  const offsetY = MAP_HEIGHT / 2 - ((minY + maxY) / 2) * scale;
  return (center: Pick<CenterView, 'point'>) =>
    center.point
      ? {
          x: Math.round((center.point.lng * squeeze * scale + offsetX) * 10) / 10,
          y: Math.round((-center.point.lat * scale + offsetY) * 10) / 10,
        }
      : null;
}

/**
 * The centers on a small map drawn from their points: a marker each, a halo for the areas it
 * serves, its name beside it. Inline SVG, no tiles, no request, no script; its box is fixed, so
 * it shifts nothing. The list beside it says the same in words. Nothing when no center has a point.
 * `current`: one center's page, whose center is marked among the others (and named first).
 */
export function CentersMap({ centers, current }: { centers: readonly CenterView[]; current?: string }) {
  const place = placeOnMap(centers);
  const placed = centers
    .flatMap((center) => {
      const at = place(center);
      return at ? [{ center, ...at }] : [];
    })
    // The current center is drawn last, over its neighbours' halos, and described first.
    .sort((a, b) => Number(a.center.slug === current) - Number(b.center.slug === current));
  if (placed.length === 0) return null;
  const marked = placed.find(({ center }) => center.slug === current)?.center;
  const described = [...placed]
    .reverse()
    .map(({ center }) =>
      center.areas.length > 0 ? `${center.name}, serving ${center.areas.join(', ')}` : center.name,
    )
    .join('. ');
  return (
    <figure className={marked ? 'centers-map has-current' : 'centers-map'}>
      <svg
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        width={MAP_WIDTH}
        height={MAP_HEIGHT}
        role="img"
        aria-labelledby="centers-map-title centers-map-desc"
      >
        <title id="centers-map-title">
          {marked ? `Map of our service centers, ${marked.name} marked` : 'Map of our service centers'}
        </title>
        <desc id="centers-map-desc">{described}.</desc>
        <rect className="centers-map-ground" width={MAP_WIDTH} height={MAP_HEIGHT} rx="12" />
        {placed.map(({ center, x, y }) => (
          <g
            key={center.id}
            className={center === marked ? 'centers-map-marker is-current' : 'centers-map-marker'}
            data-center={center.slug}
          >
            <circle
              className="centers-map-area"
              cx={x}
              cy={y}
              r={14 + 3 * Math.min(center.areas.length, 8)}
            />
            <circle className="centers-map-dot" cx={x} cy={y} r="7" />
            <text
              x={x > MAP_WIDTH / 2 ? x - 14 : x + 14}
              y={y + 5}
              textAnchor={x > MAP_WIDTH / 2 ? 'end' : 'start'}
            >
              {center.name}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
