import { createContext, useContext, useEffect, useState } from 'react';
import type { ReferenceField } from '../../../shared/content/fields';
import { contentTypesByName } from '../../../shared/content/types';
import { api } from '../../lib/api';
import { type CommonAttributes, type KindControl, LabelledControl } from './control';

interface ReferenceOption {
  value: string;
  label: string;
}

/** The records a reference may name, per type, fetched again once they are a little old. */
const referenceOptions = new Map<string, { at: number; options: Promise<ReferenceOption[]> }>();
const OPTIONS_FRESH_MS = 30_000;

/** The live records of `field.to`, by title, valued by id or slug as the field stores them. */
function loadReferenceOptions(field: ReferenceField): Promise<ReferenceOption[]> {
  const key = `${field.to}:${field.by}`;
  const cached = referenceOptions.get(key);
  if (cached && Date.now() - cached.at < OPTIONS_FRESH_MS) return cached.options;
  const def = contentTypesByName.get(field.to);
  const options = api<Record<string, unknown>[] | { data: Record<string, unknown>[] }>(
    `/api/${field.to}`,
  ).then((answer) =>
    (Array.isArray(answer) ? answer : answer.data).map((record) => ({
      value: String(field.by === 'id' ? record._id : record.slug),
      label: String((def && record[def.titleField]) || record.slug || record._id),
    })),
  );
  options.catch(() => referenceOptions.delete(key));
  referenceOptions.set(key, { at: Date.now(), options });
  return options;
}

/** The options of a reference field, or null while they load. */
export function useReferenceOptions(field: ReferenceField): ReferenceOption[] | null {
  const [options, setOptions] = useState<ReferenceOption[] | null>(null);
  useEffect(() => {
    let live = true;
    loadReferenceOptions(field)
      .then((list) => live && setOptions(list))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [field]);
  return options;
}

/** A record a reference names, by its title (a list cell, the audit log). */
export function ReferenceName({ field, value }: { field: ReferenceField; value: unknown }) {
  const options = useReferenceOptions(field);
  if (typeof value !== 'string' || value === '') return <span className="muted">—</span>;
  const chosen = options?.find((option) => option.value === value);
  return <>{chosen?.label ?? (options === null ? '…' : field.by === 'id' ? 'A removed record' : value)}</>;
}

/**
 * The id of the record the form edits, if it is saved already: a reference by id never offers it,
 * so a service cannot be listed among its own related services (the server refuses it too).
 */
export const EditedRecordId = createContext<string | undefined>(undefined);

/** A choice of one live record of another type by its title, or none. */
function ReferenceSelect(props: {
  common: CommonAttributes;
  field: ReferenceField;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const self = useContext(EditedRecordId);
  const all = useReferenceOptions(props.field);
  const options = all && props.field.by === 'id' ? all.filter((option) => option.value !== self) : all;
  const chosen = typeof props.value === 'string' ? props.value : '';
  const known = options === null || chosen === '' || options.some((option) => option.value === chosen);
  return (
    <select {...props.common} value={chosen} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">{props.field.required ? 'Choose…' : 'None'}</option>
      {/* A record trashed since it was chosen stays chosen until someone picks another. */}
      {!known && <option value={chosen}>A removed record</option>}
      {options === null && chosen !== '' && <option value={chosen}>Loading…</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A live record of another type by its title, or none. */
export const ReferenceControl: KindControl<ReferenceField> = (props) => (
  <LabelledControl {...props}>
    <ReferenceSelect common={props.common} field={props.field} value={props.value} onChange={props.set} />
  </LabelledControl>
);
