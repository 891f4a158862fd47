import {
  type ClientLoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { rightToChange, settings as settingsDef } from '../../../shared/content/settings';
import { may, mayCall } from '../../../shared/permissions';
import type { Role } from '../../../shared/roles';
import { DeclaredForm } from '../../admin/content-form';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formFields } from '../../admin/form-model';
import { adminRead } from '../../admin/load';
import { openScreen } from '../../admin/signed-in';
import { api } from '../../lib/api';
import type { loader as layoutLoader } from './layout';

export function meta() {
  return [{ title: `${settingsDef.label} | Admin` }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  return {
    settings: await adminRead<Record<string, unknown> & { version: number }>('/api/settings', request),
  };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

const allEntries = formFields(settingsDef.fields, 'update');

/**
 * The settings a role changes: the site's public words for the office and editors, the operations
 * too for admins. A field the role does not reach is not in the form at all (it is not sent, so a
 * save never trips the server's refusal of it).
 */
function formFor(role: Role | undefined) {
  const entries = allEntries.filter(([key]) => may(role, rightToChange(key)));
  const shown = new Set(entries.map(([key]) => key));
  const groups = settingsDef.groups
    .map((group) => ({ ...group, fields: group.fields.filter((key) => shown.has(key)) }))
    .filter((group) => group.fields.length > 0);
  return { entries, groups };
}

/** The site settings, edited with the same generic form, grouped as the declaration says. */
export default function Settings() {
  const { settings } = useLoaderData<typeof clientLoader>();
  const user = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  const canEdit = mayCall(user?.role, settingsDef.access.update);
  const { entries, groups } = formFor(canEdit ? user?.role : 'admin');

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
        groups={groups}
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
