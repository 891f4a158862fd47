import { Link } from 'react-router';

export interface FilterChip {
  /** The list's address with this filter (`/services?category=cctv`). */
  to: string;
  label: string;
  count: number;
  current: boolean;
}

/**
 * A list's filters as plain links (`?category=`, `?service=`): they work without script, the one
 * shown is marked as the current page, and each says how many records it holds.
 */
export function FilterChips({ label, chips }: { label: string; chips: readonly FilterChip[] }) {
  return (
    <nav aria-label={label} className="chips">
      {chips.map((chip) => (
        <Link
          key={chip.to}
          to={chip.to}
          className="chip"
          aria-current={chip.current ? 'page' : undefined}
          preventScrollReset
        >
          {chip.label} <span className="chip-count">{chip.count}</span>
        </Link>
      ))}
    </nav>
  );
}
