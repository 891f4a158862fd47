import {
  type ClientLoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { contentTypes, contentTypesByName } from '../../../shared/content/types';
import type { ListPage } from '../../../shared/list-page';
import type { TrashItem } from '../../../shared/trash';
import { restoreRecord, runChange } from '../../admin/actions';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formatWhen, pageOf, pickParams } from '../../admin/format';
import { adminRead } from '../../admin/load';
import { DataTable, FilterForm, Pagination, ScreenHeader } from '../../admin/record-view';
import { openScreen } from '../../admin/signed-in';
import type { loader as layoutLoader } from './layout';

const PAGE_SIZE = 20;

export function meta() {
  return [{ title: 'Trash | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  const url = new URL(request.url);
  const query = pickParams(url, ['resource']);
  const page = pageOf(url);
  query.set('page', String(page));
  query.set('pageSize', String(PAGE_SIZE));
  const { data, totalCount } = await adminRead<ListPage<TrashItem>>(`/api/trash?${query}`, request);
  return { items: data, totalCount, page, resource: url.searchParams.get('resource') ?? '' };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

const typeLabel = (resource: string) => contentTypesByName.get(resource)?.label ?? resource;

/** Deleted records of every type: restore them, or (admins) delete them for good. */
export default function Trash() {
  const data = useLoaderData<typeof clientLoader>();
  const isAdmin = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user.role === 'admin';
  const feedback = useFeedback();
  const revalidator = useRevalidator();

  async function purge(path: string, message: string, confirmLabel: string, done: string) {
    if (!(await feedback.confirm({ message, confirmLabel }))) return;
    await runChange(feedback, revalidator.revalidate, { path, method: 'DELETE' }, done);
  }

  return (
    <section className="screen" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="Trash" count={data.totalCount}>
        {isAdmin && data.totalCount > 0 && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() =>
              void purge(
                '/api/trash',
                'Are you sure you want to empty the trash? Nothing in it can be restored afterwards.',
                'Empty trash',
                'The trash is empty.',
              )
            }
          >
            Empty trash
          </button>
        )}
      </ScreenHeader>
      <p className="muted">Deleted records stay here for 30 days, then they are removed for good.</p>
      <FilterForm>
        <div className="filter">
          <label htmlFor="trash-type">Type</label>
          <select id="trash-type" name="resource" defaultValue={data.resource}>
            <option value="">All types</option>
            {contentTypes.map((def) => (
              <option key={def.name} value={def.name}>
                {def.plural}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {data.items.length === 0 ? (
        <p className="empty">The trash is empty.</p>
      ) : (
        <DataTable caption="Deleted records" headings={['Type', 'Title', 'Deleted', 'By', 'Actions']}>
          {data.items.map((item) => (
            <tr key={`${item.resource}/${item.id}`}>
              <td data-label="Type">{typeLabel(item.resource)}</td>
              <td data-label="Title">{item.title}</td>
              <td data-label="Deleted" className="nowrap">
                {formatWhen(item.deletedAt)}
              </td>
              <td data-label="By">{item.deletedBy ?? <span className="muted">unknown</span>}</td>
              <td data-label="Actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn btn-small btn-light"
                    onClick={() =>
                      void restoreRecord(feedback, revalidator.revalidate, item.resource, item.id, item.title)
                    }
                  >
                    Restore<span className="visually-hidden"> {item.title}</span>
                  </button>
                  {isAdmin && (
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      onClick={() =>
                        void purge(
                          `/api/trash/${item.resource}/${item.id}`,
                          'Are you sure you want to delete this record for good?',
                          'Delete for good',
                          `“${item.title}” was deleted for good.`,
                        )
                      }
                    >
                      Delete for good<span className="visually-hidden"> {item.title}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.totalCount} />
    </section>
  );
}
