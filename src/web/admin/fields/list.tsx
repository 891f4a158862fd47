import { useRef } from 'react';
import type { ListField } from '../../../shared/content/fields';
import { emptyValue } from '../form-model';
import { FieldGroup, type KindControl, type KindControlProps } from './control';

type Row = Record<string, unknown>;

/**
 * Rows of sub-fields (FAQs, steps): each row a group of the sub-fields' own controls, with buttons
 * to move it up or down and remove it, and one to add a row. Every button says which row it acts
 * on, so a screen reader user hears "Remove row 2 of FAQs", not "Remove".
 */
function ListInput(props: KindControlProps<ListField>) {
  const { field, value, onChange, onBlur, onUploading, idPrefix, name, FieldControl } = props;
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  // Stable keys, so moving a row moves its inputs (and their focus) with it.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(1);
  while (keys.current.length < rows.length) keys.current.push(nextKey.current++);
  if (keys.current.length > rows.length) keys.current.length = rows.length;
  const uploads = useRef<Record<string, number>>({});
  const subFields = Object.entries(field.fields);

  const update = (change: (list: Row[], keyList: number[]) => void) => {
    onChange((current) => {
      const list = Array.isArray(current) ? [...(current as Row[])] : [];
      change(list, keys.current);
      return list;
    });
  };
  const emptyRow = () => Object.fromEntries(subFields.map(([key, sub]) => [key, emptyValue(sub)]));
  const move = (index: number, by: -1 | 1) =>
    update((list, keyList) => {
      const target = index + by;
      if (target < 0 || target >= list.length) return;
      [list[index], list[target]] = [list[target] as Row, list[index] as Row];
      [keyList[index], keyList[target]] = [keyList[target] as number, keyList[index] as number];
    });
  const of = `of ${field.label}`;

  return (
    <div className="list-input">
      {rows.length > 0 && (
        <ol className="list-rows">
          {rows.map((row, index) => {
            const rowName = `${name}-${keys.current[index]}`;
            return (
              <li key={keys.current[index]} className="list-row">
                <fieldset className="list-row-fields">
                  <legend className="list-row-title">
                    <span className="visually-hidden">{field.label}, </span>
                    Row {index + 1}
                  </legend>
                  {subFields.map(([key, sub]) => (
                    <FieldControl
                      key={key}
                      name={`${rowName}-${key}`}
                      field={sub}
                      value={row[key]}
                      idPrefix={idPrefix}
                      onBlur={onBlur}
                      onUploading={(count) => {
                        uploads.current[`${rowName}-${key}`] = count;
                        onUploading?.(Object.values(uploads.current).reduce((sum, n) => sum + n, 0));
                      }}
                      onChange={(change) =>
                        update((list) => {
                          const current = list[index] ?? {};
                          list[index] = { ...current, [key]: change(current[key]) };
                        })
                      }
                    />
                  ))}
                  <div className="list-row-actions">
                    <button
                      type="button"
                      className="btn btn-light"
                      aria-label={`Move row ${index + 1} ${of} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-light"
                      aria-label={`Move row ${index + 1} ${of} down`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="btn btn-light list-row-remove"
                      onClick={() => {
                        update((list, keyList) => {
                          list.splice(index, 1);
                          keyList.splice(index, 1);
                        });
                        onBlur();
                      }}
                    >
                      Remove<span className="visually-hidden">{` row ${index + 1} ${of}`}</span>
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {rows.length < field.maxItems ? (
        <button
          type="button"
          className="btn btn-light list-add"
          onClick={() => {
            keys.current.push(nextKey.current++);
            onChange((current) => [...(Array.isArray(current) ? (current as Row[]) : []), emptyRow()]);
          }}
        >
          Add row<span className="visually-hidden">{` to ${field.label}`}</span>
        </button>
      ) : (
        <p className="field-help">{`At most ${field.maxItems} rows.`}</p>
      )}
    </div>
  );
}

/** Rows of sub-fields, each with its kind's own control. */
export const ListControl: KindControl<ListField> = (props) => (
  <FieldGroup {...props} className="field field-list" describedBy={props.describedBy}>
    <ListInput {...props} />
  </FieldGroup>
);
