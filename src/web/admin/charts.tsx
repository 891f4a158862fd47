import { type ReactNode, useId } from 'react';

/**
 * The dashboard's charts: plain SVG, no library. Each is an image with a title and a description
 * for screen readers, scales with its box (viewBox), tells its series apart by pattern as well as
 * colour (a legend names each), and keeps the numbers it draws in a real table behind
 * "Show the numbers". Colours come from the design tokens through classes (tokens.css).
 */

/** One series of a chart: its key in the data, its name, and its look (0–5: colour and pattern). */
export interface Series {
  key: string;
  label: string;
}

/** The drawing's own units: about a phone's width, so text stays readable where it is smallest. */
const WIDTH = 360;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 26, left: 30 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
/** How many looks there are (classes chart-look-0 … chart-look-5). */
export const LOOKS = 6;

/** A round top for the axis at or above `max` whose half is whole: 4, 6, 8, 10, 20, 30… (at least 4). */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 3, 4, 6, 8, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A week's Monday as a short label ('16 Nov'). */
export function weekLabel(start: string): string {
  return shortDay.format(new Date(`${start}T00:00:00Z`));
}

/** The fills: look 0 is solid, the others add a pattern in white over their colour. */
function Patterns({ prefix }: { prefix: string }) {
  const marks: ReactNode[] = [
    null,
    <path key="1" d="M0 6 L6 0" />,
    <circle key="2" cx="3" cy="3" r="1.2" />,
    <path key="3" d="M0 3 H6" />,
    <path key="4" d="M0 0 L6 6 M0 6 L6 0" />,
    <path key="5" d="M3 0 V6" />,
  ];
  return (
    <defs>
      {marks.map((mark, look) => (
        <pattern
          // biome-ignore lint/suspicious/noArrayIndexKey: the looks are a fixed list
          key={look}
          id={`${prefix}-${look}`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
        >
          <rect width="6" height="6" className={`chart-look-${look}`} />
          {mark && <g className="chart-mark">{mark}</g>}
        </pattern>
      ))}
    </defs>
  );
}

/** A legend's sample of a look: the chart's own pattern (an id in the same document). */
function Swatch({ prefix, look }: { prefix: string; look: number }) {
  return (
    <svg className="chart-swatch" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect width="12" height="12" fill={`url(#${prefix}-${look % LOOKS})`} className="chart-bar" />
    </svg>
  );
}

function Legend({ prefix, series }: { prefix: string; series: Series[] }) {
  return (
    <ul className="chart-legend">
      {series.map((entry, look) => (
        <li key={entry.key}>
          <Swatch prefix={prefix} look={look} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

/** The frame every chart shares: title and description wired to the image, legend and table below. */
function ChartFrame({
  title,
  description,
  children,
  legend,
  table,
}: {
  title: string;
  description: string;
  children: (ids: { title: string; desc: string; prefix: string }) => ReactNode;
  legend?: Series[];
  table: ReactNode;
}) {
  const id = useId().replace(/:/g, '');
  const ids = { title: `${id}-title`, desc: `${id}-desc`, prefix: `${id}-fill` };
  return (
    <figure className="chart">
      <figcaption className="chart-title">{title}</figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${ids.title} ${ids.desc}`}
      >
        <title id={ids.title}>{title}</title>
        <desc id={ids.desc}>{description}</desc>
        <Patterns prefix={ids.prefix} />
        {children(ids)}
      </svg>
      {legend && <Legend prefix={ids.prefix} series={legend} />}
      <details className="chart-numbers">
        <summary>Show the numbers</summary>
        {table}
      </details>
    </figure>
  );
}

/** The y axis: three gridlines with their values. */
function Axis({ max }: { max: number }) {
  return (
    <g className="chart-axis">
      {[0, max / 2, max].map((value) => {
        const y = PAD.top + PLOT_H - (value / max) * PLOT_H;
        return (
          <g key={value}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} />
            <text x={PAD.left - 4} y={y + 3.5} textAnchor="end">
              {Number.isInteger(value) ? value : value.toFixed(1)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Week labels under the bars: every one when they fit, else every other one. */
function WeekLabels({ starts }: { starts: string[] }) {
  const slot = PLOT_W / Math.max(1, starts.length);
  const every = slot < 30 ? 2 : 1;
  return (
    <g className="chart-axis">
      {starts.map((start, index) =>
        (starts.length - 1 - index) % every === 0 ? (
          <text key={start} x={PAD.left + slot * (index + 0.5)} y={HEIGHT - 8} textAnchor="middle">
            {weekLabel(start)}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** The numbers behind a weekly chart: a row a week, a column a series (and the total). */
function WeekTable<W extends { start: string }>({
  title,
  weeks,
  series,
  value,
  total,
}: {
  title: string;
  weeks: W[];
  series: Series[];
  value: (week: W, key: string) => number;
  total?: (week: W) => number;
}) {
  return (
    <table className="chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Week of</th>
          {series.map((entry) => (
            <th key={entry.key} scope="col">
              {entry.label}
            </th>
          ))}
          {total && <th scope="col">Total</th>}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.start}>
            <th scope="row">{weekLabel(week.start)}</th>
            {series.map((entry) => (
              <td key={entry.key}>{value(week, entry.key)}</td>
            ))}
            {total && <td>{total(week)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface WeekCounts {
  start: string;
  total: number;
  byService: Record<string, number>;
}

/** Requests per week, one bar a week, stacked by service. */
export function StackedWeeksChart({
  title,
  weeks,
  series,
}: {
  title: string;
  weeks: WeekCounts[];
  series: Series[];
}) {
  const max = niceMax(Math.max(0, ...weeks.map((week) => week.total)));
  const slot = PLOT_W / Math.max(1, weeks.length);
  const total = weeks.reduce((sum, week) => sum + week.total, 0);
  const busiest = weeks.reduce<WeekCounts | null>(
    (best, week) => (!best || week.total > best.total ? week : best),
    null,
  );
  const description =
    weeks.length === 0
      ? 'No weeks to show.'
      : `${total} requests in ${weeks.length} weeks from the week of ${weekLabel(weeks[0]!.start)}` +
        (busiest && busiest.total > 0
          ? `; the busiest week, ${weekLabel(busiest.start)}, had ${busiest.total}.`
          : '.');
  return (
    <ChartFrame
      title={title}
      description={description}
      legend={series}
      table={
        <WeekTable
          title={title}
          weeks={weeks}
          series={series}
          value={(week, key) => week.byService[key] ?? 0}
          total={(week) => week.total}
        />
      }
    >
      {({ prefix }) => (
        <>
          <Axis max={max} />
          {weeks.map((week, index) => {
            let y = PAD.top + PLOT_H;
            const x = PAD.left + slot * index + slot * 0.15;
            return (
              <g key={week.start}>
                {series.map((entry, look) => {
                  const count = week.byService[entry.key] ?? 0;
                  if (!count) return null;
                  const height = (count / max) * PLOT_H;
                  y -= height;
                  return (
                    <rect
                      key={entry.key}
                      x={x}
                      y={y}
                      width={slot * 0.7}
                      height={height}
                      fill={`url(#${prefix}-${look % LOOKS})`}
                      className="chart-bar"
                    />
                  );
                })}
                {week.total > 0 && (
                  <text className="chart-value" x={x + slot * 0.35} y={y - 3} textAnchor="middle">
                    {week.total}
                  </text>
                )}
              </g>
            );
          })}
          <WeekLabels starts={weeks.map((week) => week.start)} />
        </>
      )}
    </ChartFrame>
  );
}

/** Two counts per week side by side (calls and WhatsApp taps). */
export function PairedWeeksChart({
  title,
  weeks,
  series,
}: {
  title: string;
  weeks: ({ start: string } & Record<string, number | string>)[];
  series: [Series, Series];
}) {
  const value = (week: (typeof weeks)[number], key: string) => Number(week[key] ?? 0);
  const max = niceMax(Math.max(0, ...weeks.flatMap((week) => series.map((entry) => value(week, entry.key)))));
  const slot = PLOT_W / Math.max(1, weeks.length);
  const totals = series.map(
    (entry) => `${weeks.reduce((sum, week) => sum + value(week, entry.key), 0)} ${entry.label.toLowerCase()}`,
  );
  return (
    <ChartFrame
      title={title}
      description={`${totals.join(' and ')} in ${weeks.length} weeks.`}
      legend={series}
      table={<WeekTable title={title} weeks={weeks} series={series} value={value} />}
    >
      {({ prefix }) => (
        <>
          <Axis max={max} />
          {weeks.map((week, index) => (
            <g key={week.start}>
              {series.map((entry, look) => {
                const height = (value(week, entry.key) / max) * PLOT_H;
                return (
                  <rect
                    key={entry.key}
                    x={PAD.left + slot * index + slot * (0.12 + look * 0.38)}
                    y={PAD.top + PLOT_H - height}
                    width={slot * 0.38}
                    height={height}
                    fill={`url(#${prefix}-${look})`}
                    className="chart-bar"
                  />
                );
              })}
            </g>
          ))}
          <WeekLabels starts={weeks.map((week) => week.start)} />
        </>
      )}
    </ChartFrame>
  );
}

/** Won against lost: two labelled horizontal bars, each with its count written beside it. */
export function OutcomeChart({ title, won, lost }: { title: string; won: number; lost: number }) {
  const rows = [
    { key: 'won', label: 'Won (done)', count: won, look: 2 },
    { key: 'lost', label: 'Lost', count: lost, look: 1 },
  ];
  const max = Math.max(1, won, lost);
  const decided = won + lost;
  const share = decided ? Math.round((won / decided) * 100) : null;
  const description =
    share === null
      ? 'No request was won or lost yet.'
      : `${won} won and ${lost} lost: ${share}% of decided requests won.`;
  const barHeight = 44;
  return (
    <ChartFrame
      title={title}
      description={description}
      table={
        <table className="chart-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Requests</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {({ prefix }) => (
        <>
          {rows.map((row, index) => {
            const y = 30 + index * (barHeight + 40);
            const width = (row.count / max) * (WIDTH - 110);
            return (
              <g key={row.key}>
                <text className="chart-label" x={0} y={y - 8}>
                  {row.label}
                </text>
                <rect
                  x={0}
                  y={y}
                  width={Math.max(width, 2)}
                  height={barHeight}
                  fill={`url(#${prefix}-${row.look})`}
                  className="chart-bar"
                />
                <text
                  className="chart-value chart-value-large"
                  x={Math.max(width, 2) + 8}
                  y={y + barHeight / 2 + 7}
                >
                  {row.count}
                </text>
              </g>
            );
          })}
          {share !== null && (
            <text className="chart-label" x={0} y={HEIGHT - 4}>
              {share}% of decided requests won
            </text>
          )}
        </>
      )}
    </ChartFrame>
  );
}
