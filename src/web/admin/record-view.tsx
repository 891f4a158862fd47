import { Form, Link, useLocation } from 'react-router';
import { TRUNCATE_WORDS, truncateWords } from '../../shared/constants';
import type { ContentTypeDef } from '../../shared/content/define';
import type { Field } from '../../shared/content/fields';
import { formatDayHours, openDays, WEEKDAY_LABELS, type WeeklyHours } from '../../shared/content/hours';
import { srcSetFor } from '../lib/images';
import { ReferenceName } from './field-control';
import { formatDay, formatWhen } from './format';

export type AdminRecord = Record<string, unknown> & { _id: string; version: number };

export function columnLabel(def: ContentTypeDef, column: string): string {
  return (
    (def.admin.columnLabels as Record<string, string> | undefined)?.[column] ?? def.fields[column]!.label
  );
}

/**
 * The columns a list shows: the declared ones, led by the record's first picture when the type has
 * one and none is declared, and followed by the choices a visitor's record is filed under (a
 * service's category). Every type with a picture or a category shows them without saying so twice.
 */
export function listColumns(def: ContentTypeDef): string[] {
  const declared = def.admin.columns as readonly string[];
  const fields = Object.entries(def.fields);
  const isPicture = (kind: string) => kind === 'image' || kind === 'images';
  const picture = declared.some((column) => isPicture(def.fields[column]!.kind))
    ? []
    : fields.filter(([, field]) => isPicture(field.kind)).slice(0, 1);
  const categories = fields.filter(
    ([key, field]) => field.kind === 'select' && field.input === 'always' && !declared.includes(key),
  );
  return [...picture.map(([key]) => key), ...declared, ...categories.map(([key]) => key)];
}

export function recordTitle(def: ContentTypeDef, record: Record<string, unknown>): string {
  return String(record[def.titleField] ?? '') || def.label;
}

export function Thumbnail({ url, alt, size = 80 }: { url: string; alt: string; size?: number }) {
  return (
    <img
      className="thumb"
      src={url}
      srcSet={srcSetFor(url)}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt={alt}
      loading="lazy"
    />
  );
}

/** A stored value as a list shows it, by the field's kind. */
export function FieldValueView({ field, value, title }: { field: Field; value: unknown; title: string }) {
  switch (field.kind) {
    case 'images': {
      const urls = Array.isArray(value) ? (value as string[]) : [];
      if (urls.length === 0) return <span className="muted">No images</span>;
      return (
        <span className="thumbs">
          {urls.map((url, index) => (
            <Thumbnail key={url} url={url} alt={`${title} image ${index + 1}`} />
          ))}
        </span>
      );
    }
    case 'image':
      return typeof value === 'string' && value ? (
        <Thumbnail url={value} alt={title} />
      ) : (
        <span className="muted">No image</span>
      );
    case 'rating': {
      const stars = Number(value) || 0;
      return (
        <>
          <span aria-hidden="true">{'★'.repeat(stars) + '☆'.repeat(5 - stars)}</span>
          <span className="visually-hidden">{`${stars} of 5 stars`}</span>
        </>
      );
    }
    case 'select':
      return <>{field.optionLabels?.[String(value)] ?? String(value ?? '')}</>;
    case 'boolean':
      return <>{value ? 'Yes' : 'No'}</>;
    case 'dateTime':
      return typeof value === 'string' && value ? (
        <time dateTime={value}>{formatWhen(value)}</time>
      ) : (
        <span className="muted">—</span>
      );
    case 'emailList':
      return <>{(Array.isArray(value) ? value.join(', ') : '') || <span className="muted">—</span>}</>;
    case 'date':
      return typeof value === 'string' && value ? (
        <time dateTime={value}>{formatDay(value)}</time>
      ) : (
        <span className="muted">—</span>
      );
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en') : <span className="muted">—</span>;
    case 'reference':
      return <ReferenceName field={field} value={value} />;
    case 'list':
      return <ListValueView field={field} value={value} />;
    case 'weeklyHours':
      return <>{weekSummary(value as WeeklyHours)}</>;
    case 'longText':
      return <>{truncateWords(String(value ?? ''), TRUNCATE_WORDS.card)}</>;
    default:
      return <>{String(value ?? '') || <span className="muted">—</span>}</>;
  }
}

/** A list whose rows hold a picture (the gallery's) shows the pictures, each named by its row's text. */
function ListValueView({ field, value }: { field: Extract<Field, { kind: 'list' }>; value: unknown }) {
  const entries = Object.entries(field.fields);
  const pictureKey = entries.find(([, sub]) => sub.kind === 'image')?.[0];
  const textKey = entries.find(([, sub]) => sub.kind === 'text')?.[0];
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const pictures = pictureKey
    ? rows.filter((row) => typeof row[pictureKey] === 'string' && row[pictureKey])
    : [];
  if (!pictureKey || pictures.length === 0) return <>{listSummary(field.label, value)}</>;
  return (
    <span className="thumbs">
      {pictures.map((row) => (
        <Thumbnail
          key={String(row[pictureKey])}
          url={String(row[pictureKey])}
          alt={textKey ? String(row[textKey] ?? '') : ''}
        />
      ))}
    </span>
  );
}

/** A list field in a line: how many rows (`3 rows`), or none. */
export function listSummary(label: string, value: unknown): string {
  const count = Array.isArray(value) ? value.length : 0;
  return count === 0 ? `No ${label.toLowerCase()}` : `${count} row${count === 1 ? '' : 's'}`;
}

/** Opening hours in a line: each open day with its hours (`Monday 9:00 am – 6:00 pm; …`), or closed. */
export function weekSummary(week: WeeklyHours | null | undefined): string {
  const days = openDays(week);
  if (days.length === 0) return 'Closed every day';
  return days.map(([day, hours]) => `${WEEKDAY_LABELS[day].slice(0, 3)} ${formatDayHours(hours)}`).join('; ');
}

/** Page links for paginated lists; the page lives in the URL so Back and reload keep it. */
export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={to(page - 1)} className="btn btn-light btn-small">
          Previous
        </Link>
      ) : (
        <span className="btn btn-light btn-small" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="pagination-status">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className="btn btn-light btn-small">
          Next
        </Link>
      ) : (
        <span className="btn btn-light btn-small" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

/** A search box (and optional filters) that puts its query in the URL. */
export function SearchBar({ label, q, children }: { label: string; q: string; children?: React.ReactNode }) {
  return (
    <Form method="get" className="search-bar" role="search">
      <label className="visually-hidden" htmlFor="list-search">
        {label}
      </label>
      <input id="list-search" type="search" name="q" defaultValue={q} placeholder={label} />
      {children}
      <button type="submit" className="btn btn-light">
        Search
      </button>
    </Form>
  );
}

/** A screen's heading with its record count (`Our services [10]`) and its main actions. */
export function ScreenHeader({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children?: React.ReactNode;
}) {
  return (
    <header className="screen-header">
      <h1>
        {title}
        {count !== undefined && (
          <>
            {' '}
            <span className="count">[{count}]</span>
          </>
        )}
      </h1>
      {children}
    </header>
  );
}

/** A list table; on phones each row becomes a card whose cells are labelled by `data-label`. */
export function DataTable({
  caption,
  headings,
  children,
}: {
  caption: string;
  headings: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th scope="col" key={heading}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** Filters that put their values in the URL (the screen's loader reads them from there). */
export function FilterForm({ children }: { children: React.ReactNode }) {
  return (
    <Form method="get" className="search-bar">
      {children}
      <button type="submit" className="btn btn-light">
        Show
      </button>
    </Form>
  );
}
