import { Form, Link, useLocation } from 'react-router';
import { TRUNCATE_WORDS, truncateWords } from '../../shared/constants';
import type { ContentTypeDef } from '../../shared/content/define';
import type { Field } from '../../shared/content/fields';
import { srcSetFor } from '../lib/images';
import { formatWhen } from './format';

export type AdminRecord = Record<string, unknown> & { _id: string; version: number };

export function columnLabel(def: ContentTypeDef, column: string): string {
  return (
    (def.admin.columnLabels as Record<string, string> | undefined)?.[column] ?? def.fields[column]!.label
  );
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
    case 'longText':
      return <>{truncateWords(String(value ?? ''), TRUNCATE_WORDS.card)}</>;
    default:
      return <>{String(value ?? '') || <span className="muted">—</span>}</>;
  }
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

/** A screen's heading with its record count (`Our Services [10]`) and its main actions. */
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
