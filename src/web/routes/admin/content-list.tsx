import { useRef, useState } from 'react';
import {
  type ClientLoaderFunctionArgs,
  type MetaArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { PAGE_SIZE_DEFAULT } from '../../../shared/constants';
import { type ContentTypeDef, liveChangeRule } from '../../../shared/content/define';
import { contentTypesByName } from '../../../shared/content/types';
import { mayCall } from '../../../shared/permissions';
import { subscriptionMessages } from '../../../shared/subscription';
import { restoreRecord } from '../../admin/actions';
import { DeclaredForm } from '../../admin/content-form';
import { DraftEditor, PublicationStatus } from '../../admin/draft-editor';
import { hasDrafts, publicationOf } from '../../admin/drafts';
import { Modal, Spinner, useFeedback } from '../../admin/feedback';
import { recordFormFields } from '../../admin/form-model';
import { adminRead } from '../../admin/load';
import {
  type AdminRecord,
  columnLabel,
  DataTable,
  FieldValueView,
  listColumns,
  Pagination,
  recordTitle,
  ScreenHeader,
  SearchBar,
} from '../../admin/record-view';
import { typeForPath } from '../../admin/screens';
import { openScreen } from '../../admin/signed-in';
import { addLabel, editLabel, inSentence } from '../../admin/words';
import { ApiError, api } from '../../lib/api';
import type { loader as layoutLoader } from './layout';

/**
 * The admin list screen of every declared content type (services, clients, departments, ...):
 * one module, registered once per declaration in routes.ts; the URL says which type it serves.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  const url = new URL(request.url);
  const def = typeForPath(url.pathname);
  if (!def) throw new Response('Not found', { status: 404 });
  const params = new URLSearchParams();
  const q = url.searchParams.get('q')?.trim() ?? '';
  if (q && def.list.search) params.set('q', q);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  if (def.list.paginated) {
    params.set('page', String(page));
    params.set('pageSize', String(PAGE_SIZE_DEFAULT));
  }
  const path = `/api/${def.name}${params.size ? `?${params}` : ''}`;
  // A double opt-in list cannot grow without mail: the screen says so while SMTP is not set up.
  const mailMissing = def.intake?.doubleOptIn
    ? adminRead<{ confirmationsCanBeSent: boolean }>('/api/subscriptions/status', request).then(
        (status) => !status.confirmationsCanBeSent,
      )
    : Promise.resolve(false);
  if (def.list.paginated) {
    const [{ data, totalCount }, confirmationsBlocked] = await Promise.all([
      adminRead<{ data: AdminRecord[]; totalCount: number }>(path, request),
      mailMissing,
    ]);
    return { type: def.name, records: data, totalCount, page, q, confirmationsBlocked };
  }
  const [records, confirmationsBlocked] = await Promise.all([
    adminRead<AdminRecord[]>(path, request),
    mailMissing,
  ]);
  return { type: def.name, records, totalCount: records.length, page: 1, q, confirmationsBlocked };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

export function meta({ location }: MetaArgs) {
  const def = typeForPath(location.pathname);
  return [{ title: `${def?.admin.title ?? 'Admin'} | Admin` }];
}

export default function ContentListScreen() {
  const data = useLoaderData<typeof clientLoader>();
  const def = contentTypesByName.get(data.type)!;
  return <ContentList key={def.name} def={def} data={data} />;
}

function ContentList({ def, data }: { def: ContentTypeDef; data: Awaited<ReturnType<typeof clientLoader>> }) {
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const user = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  // Records of a type with drafts are published apart from being saved: the list says where each stands.
  const drafted = hasDrafts(def);
  const [editing, setEditing] = useState<{ record: AdminRecord | null; key: number } | null>(null);
  const [formKey, setFormKey] = useState(1);
  const { records } = data;
  const offset = def.list.paginated ? (data.page - 1) * PAGE_SIZE_DEFAULT : 0;
  const canCreate = def.access.create !== 'public';
  // Staff-only paginated lists (the inbox, subscribers) can be downloaded with the same search.
  const exportable = def.list.paginated === true && def.access.list !== 'public';

  const dirty = useRef(false);
  // Closing a form with unsaved changes asks first; Escape, × and Cancel all come here.
  async function close() {
    if (
      dirty.current &&
      !(await feedback.confirm({ message: 'Discard your changes?', confirmLabel: 'Discard' }))
    )
      return;
    dirty.current = false;
    setEditing(null);
  }

  const open = (record: AdminRecord | null) => {
    setEditing({ record, key: formKey });
    setFormKey((k) => k + 1);
  };

  async function save(values: Record<string, unknown>, version: number | undefined) {
    const record = editing?.record;
    if (record) await api(`/api/${def.name}/${record._id}`, { method: 'PUT', body: { ...values, version } });
    else await api(`/api/${def.name}`, { method: 'POST', body: values });
    dirty.current = false;
    setEditing(null);
    feedback.success(record ? 'Data Updated Successfully!' : 'Data Created Successfully!');
    revalidator.revalidate();
  }

  async function remove(record: AdminRecord) {
    const ok = await feedback.confirm({ message: 'Are you sure you want to delete this record?' });
    if (!ok) return;
    try {
      await api(`/api/${def.name}/${record._id}`, { method: 'DELETE' });
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'Something went wrong!');
      return;
    }
    revalidator.revalidate();
    feedback.success('Deleted successfully', {
      label: 'Undo',
      run: () =>
        void restoreRecord(feedback, revalidator.revalidate, def.name, record._id, recordTitle(def, record)),
    });
  }

  // Staff choose the order of position-ordered types; a filtered list has no neighbours to swap with.
  // The order is what visitors see: a type with drafts is reordered by whoever may publish it.
  const reorderable =
    def.list.order === 'position' &&
    !data.q &&
    records.length > 1 &&
    mayCall(user?.role, liveChangeRule(def));

  async function move(index: number, step: -1 | 1) {
    const record = records[index];
    const other = records[index + step];
    if (!record || !other) return;
    const title = recordTitle(def, record);
    // The whole new order in one request: stored whole or not at all, refused if the list is stale.
    const order = records.map(({ _id, version }) => ({ _id, version }));
    [order[index], order[index + step]] = [order[index + step]!, order[index]!];
    try {
      await api(`/api/${def.name}/order`, { method: 'PUT', body: { order } });
      feedback.success(`Moved “${title}” ${step < 0 ? 'up' : 'down'}.`);
    } catch (error) {
      feedback.error(error instanceof ApiError ? error.message : 'Something went wrong!');
    }
    revalidator.revalidate();
  }

  const actions = (record: AdminRecord, index: number) => {
    const title = recordTitle(def, record);
    return (
      <div className="row-actions">
        {reorderable && (
          <>
            <button
              type="button"
              className="btn btn-small btn-light btn-icon"
              disabled={index === 0}
              onClick={() => void move(index, -1)}
            >
              <span aria-hidden="true">↑</span>
              <span className="visually-hidden">Move {title} up</span>
            </button>
            <button
              type="button"
              className="btn btn-small btn-light btn-icon"
              disabled={index === records.length - 1}
              onClick={() => void move(index, 1)}
            >
              <span aria-hidden="true">↓</span>
              <span className="visually-hidden">Move {title} down</span>
            </button>
          </>
        )}
        <button type="button" className="btn btn-small btn-light" onClick={() => open(record)}>
          Edit<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(record)}>
          Delete<span className="visually-hidden"> {title}</span>
        </button>
      </div>
    );
  };

  const columns = listColumns(def);
  const status = (record: AdminRecord) => {
    const meta = publicationOf(record);
    return meta ? <PublicationStatus meta={meta} /> : <span className="muted">—</span>;
  };
  return (
    <section className="screen" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title={def.admin.title} count={data.totalCount}>
        <div className="screen-actions">
          {exportable && (
            <a
              className="btn btn-light"
              href={`/api/${def.name}/export.csv${data.q ? `?${new URLSearchParams({ q: data.q })}` : ''}`}
              download
            >
              Export CSV
            </a>
          )}
          {canCreate && (
            <button type="button" className="btn btn-primary" onClick={() => open(null)}>
              {addLabel(def)}
            </button>
          )}
        </div>
      </ScreenHeader>
      {data.confirmationsBlocked && (
        <p className="notice-inline" role="note">
          {subscriptionMessages.mailNotSetUp}
        </p>
      )}
      {def.list.search && <SearchBar label={`Search ${inSentence(def.plural)}`} q={data.q} />}
      {records.length === 0 ? (
        <p className="empty">
          {data.q
            ? `No ${inSentence(def.plural)} match “${data.q}”.`
            : `No ${inSentence(def.plural)} yet.${canCreate ? ` Use ${addLabel(def)} to create the first one.` : ''}`}
        </p>
      ) : def.admin.view === 'table' ? (
        <DataTable
          caption={def.admin.title}
          headings={[
            '#',
            ...columns.map((column) => columnLabel(def, column)),
            ...(drafted ? ['Status'] : []),
            'Actions',
          ]}
        >
          {records.map((record, index) => (
            <tr key={record._id}>
              <td data-label="#">{offset + index + 1}</td>
              {columns.map((column) => (
                <td key={column} data-label={columnLabel(def, column)}>
                  <FieldValueView
                    field={def.fields[column]!}
                    value={record[column]}
                    title={recordTitle(def, record)}
                  />
                </td>
              ))}
              {drafted && <td data-label="Status">{status(record)}</td>}
              <td data-label="Actions">{actions(record, index)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <ul className="card-grid">
          {records.map((record, index) => (
            <li key={record._id} className="card">
              <h2 className="card-title">{recordTitle(def, record)}</h2>
              {drafted && <div className="card-field">{status(record)}</div>}
              {columns
                .filter((column) => column !== def.titleField)
                .map((column) => (
                  <div key={column} className={`card-field card-${def.fields[column]!.kind}`}>
                    <FieldValueView
                      field={def.fields[column]!}
                      value={record[column]}
                      title={recordTitle(def, record)}
                    />
                  </div>
                ))}
              {actions(record, index)}
            </li>
          ))}
        </ul>
      )}
      {def.list.paginated && (
        <Pagination page={data.page} pageSize={PAGE_SIZE_DEFAULT} total={data.totalCount} />
      )}
      <Modal
        open={editing !== null}
        size="xl"
        onClose={() => void close()}
        title={editing?.record ? editLabel(def) : addLabel(def)}
      >
        {editing && drafted && (
          <DraftEditor
            key={editing.key}
            def={def}
            row={editing.record}
            user={user}
            onFinished={(message) => {
              dirty.current = false;
              setEditing(null);
              feedback.success(message);
              revalidator.revalidate();
            }}
            onStored={(record) => {
              setEditing((now) => (now ? { ...now, record } : now));
              revalidator.revalidate();
            }}
            onChanged={() => revalidator.revalidate()}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
          />
        )}
        {editing && !drafted && (
          <DeclaredForm
            key={editing.key}
            entries={recordFormFields(def, editing.record ? 'update' : 'create')}
            record={editing.record}
            submitLabel={editing.record ? 'Save changes' : 'Create'}
            onSubmit={save}
            onCancel={() => void close()}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
          />
        )}
      </Modal>
    </section>
  );
}
