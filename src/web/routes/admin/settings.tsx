import {
  type ClientLoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { settings as settingsDef } from '../../../shared/content/settings';
import { DeclaredForm } from '../../admin/content-form';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formFields } from '../../admin/form-model';
import { adminRead } from '../../admin/load';
import { api } from '../../lib/api';
import type { loader as layoutLoader } from './layout';

export function meta() {
  return [{ title: `${settingsDef.label} | Admin` }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return {
    settings: await adminRead<Record<string, unknown> & { version: number }>('/api/settings', request),
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

const entries = formFields(settingsDef.fields, 'update');

/** The site settings, edited with the same generic form, grouped as the declaration says. */
export default function Settings() {
  const { settings } = useLoaderData<typeof clientLoader>();
  const user = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const canEdit = user?.role === settingsDef.access.update || settingsDef.access.update === 'staff';

  return (
    <section className="screen">
      <header className="screen-header">
        <h1>{settingsDef.label}</h1>
      </header>
      {!canEdit && <p className="notice-inline">Only an admin can change the settings.</p>}
      <DeclaredForm
        // A saved version starts a fresh form, so the next save sends the new version.
        key={settings.version}
        entries={entries}
        record={settings}
        groups={settingsDef.groups}
        submitLabel="Save settings"
        readOnly={!canEdit}
        bodyClassName="settings-body"
        footerClassName="form-footer"
        onSubmit={async (values, version) => {
          await api('/api/settings', { method: 'PUT', body: { ...values, version } });
          feedback.success('Data Updated Successfully!');
          // Every page's loaders run again: the header shows a new company name at once.
          await revalidator.revalidate();
        }}
      />
    </section>
  );
}
