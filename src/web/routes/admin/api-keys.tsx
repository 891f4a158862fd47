import { useCallback, useState } from 'react';
import { type ClientLoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import {
  API_KEY_SCOPE_SUMMARY,
  API_KEY_SCOPES,
  type ApiKeyListItem,
  type ApiKeyScope,
  apiKeyInputSchema,
} from '../../../shared/api-keys';
import { messages } from '../../../shared/content/field-checks';
import { fieldErrors } from '../../../shared/content/schema';
import { runChange } from '../../admin/actions';
import { Spinner, useFeedback } from '../../admin/feedback';
import { StaffSelect } from '../../admin/field-control';
import { formatWhen } from '../../admin/format';
import { adminRead } from '../../admin/load';
import { DataTable, ScreenHeader } from '../../admin/record-view';
import { ShownOnce, ShownOnceDialog } from '../../admin/shown-once';
import { openScreen } from '../../admin/signed-in';
import { api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import './api-keys.css';

export function meta() {
  return [{ title: 'API keys | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  return { keys: await adminRead<ApiKeyListItem[]>('/api/keys', request) };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

type KeyForm = { name: string; scopes: ApiKeyScope[]; userId: string };
const EMPTY: KeyForm = { name: '', scopes: [], userId: '' };

/** Keys for other apps (decision 081): made here with scopes, shown once, listed, revoked. */
export default function ApiKeys() {
  const { keys } = useLoaderData<typeof clientLoader>();
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const check = useCallback((values: KeyForm) => {
    const parsed = apiKeyInputSchema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  }, []);
  const form = useForm<KeyForm>({
    values: EMPTY,
    check,
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      const answer = await api<{ name: string; key: string }>('/api/keys', { method: 'POST', body: values });
      setCreated({ name: answer.name, key: answer.key });
      await revalidator.revalidate();
      return { values: EMPTY };
    },
  });

  async function revoke(key: ApiKeyListItem) {
    const ok = await feedback.confirm({
      message: `Revoke the API key "${key.name}"? Apps using it stop working at once.`,
      confirmLabel: 'Revoke',
    });
    if (!ok) return;
    await runChange(
      feedback,
      revalidator.revalidate,
      { path: `/api/keys/${key._id}`, method: 'DELETE' },
      `The API key "${key.name}" was revoked.`,
    );
  }

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    form.setValue('scopes', (current) => {
      const scopes = (current as ApiKeyScope[]).filter((s) => s !== scope);
      return on ? [...scopes, scope] : scopes;
    });
  const error = (name: keyof KeyForm) =>
    form.errors[name] ? (
      <p id={`api-key-${name}-error`} className="field-error">
        {form.errors[name]}
      </p>
    ) : null;
  const described = (name: keyof KeyForm) =>
    form.errors[name] ? { 'aria-invalid': true, 'aria-describedby': `api-key-${name}-error` } : {};

  return (
    <section className="screen api-keys" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="API keys" count={keys.length} />
      <p className="muted">
        A key lets another app (a technician’s phone app, a customer portal) use the API with{' '}
        <code>Authorization: Bearer</code>. It can do only what its scopes allow, never manage users,
        settings, keys or backups.
      </p>
      <form className="form-group api-key-form" noValidate onSubmit={(event) => void form.submit(event)}>
        <h2>New key</h2>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="api-key-name">Name</label>
            <input
              id="api-key-name"
              name="name"
              autoComplete="off"
              placeholder="Technician app"
              value={form.values.name}
              onChange={(event) => {
                const next = event.target.value;
                form.setValue('name', () => next);
              }}
              onBlur={() => form.touch('name')}
              {...described('name')}
            />
            {error('name')}
          </div>
          <div className="field">
            <label htmlFor="api-key-userId">Limited to the requests of</label>
            <StaffSelect
              common={{
                id: 'api-key-userId',
                name: 'userId',
                onBlur: () => form.touch('userId'),
                ...described('userId'),
              }}
              value={form.values.userId}
              onChange={(next) => form.setValue('userId', () => next)}
            />
            <p className="field-help">Nobody: the key sees every request its scopes allow.</p>
            {error('userId')}
          </div>
          <fieldset className="field api-key-scopes" {...described('scopes')}>
            <legend>Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <div className="field field-check" key={scope}>
                <input
                  id={`api-key-scope-${scope}`}
                  type="checkbox"
                  checked={form.values.scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  onBlur={() => form.touch('scopes')}
                />
                <label htmlFor={`api-key-scope-${scope}`}>
                  <code>{scope}</code> <span className="muted">{API_KEY_SCOPE_SUMMARY[scope]}</span>
                </label>
              </div>
            ))}
            {error('scopes')}
          </fieldset>
        </div>
        <div className="api-key-form-footer">
          <div className="form-message" role="alert">
            {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
          </div>
          <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
            {form.submitting ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
      <DataTable
        caption="API keys in force"
        headings={['Name', 'Key', 'Scopes', 'Limited to', 'Created', 'Last used', 'Actions']}
      >
        {keys.map((key) => (
          <tr key={key._id}>
            <td data-label="Name">{key.name}</td>
            <td data-label="Key">
              <code>{key.prefix}…</code>
            </td>
            <td data-label="Scopes">
              <span className="api-key-scope-list">
                {key.scopes.map((scope) => (
                  <code key={scope}>{scope}</code>
                ))}
              </span>
            </td>
            <td data-label="Limited to">{key.userName ?? <span className="muted">Nobody</span>}</td>
            <td data-label="Created" className="nowrap">
              {formatWhen(key.createdAt)}
            </td>
            <td data-label="Last used" className="nowrap">
              {key.lastUsedAt ? formatWhen(key.lastUsedAt) : <span className="muted">Never</span>}
            </td>
            <td data-label="Actions">
              <button type="button" className="btn btn-small btn-danger" onClick={() => void revoke(key)}>
                Revoke<span className="visually-hidden"> {key.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      {keys.length === 0 && <p className="muted">No keys yet.</p>}
      <ShownOnceDialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={created ? `API key "${created.name}"` : 'API key'}
      >
        {created && (
          <>
            <p>
              Copy the key now and give it to the app: it is not shown again. Only its first characters stay
              listed.
            </p>
            <ShownOnce id="api-key-value" label="API key" noun="key" value={created.key} rows={2} />
          </>
        )}
      </ShownOnceDialog>
    </section>
  );
}
