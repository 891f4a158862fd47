import { useState } from 'react';
import {
  type ClientLoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import {
  SETTINGS_OPERATIONS,
  SITE_WORDS_ID,
  settings as settingsDef,
  siteWordGroups,
  siteWords,
} from '../../../shared/content/settings';
import { may, mayCall } from '../../../shared/permissions';
import { DeclaredForm } from '../../admin/content-form';
import { DraftEditor } from '../../admin/draft-editor';
import { Spinner, useFeedback } from '../../admin/feedback';
import { formFields } from '../../admin/form-model';
import { adminRead } from '../../admin/load';
import type { AdminRecord } from '../../admin/record-view';
import { openScreen } from '../../admin/signed-in';
import { api } from '../../lib/api';
import type { loader as layoutLoader } from './layout';

export function meta() {
  return [{ title: `${settingsDef.label} | Admin` }];
}

type Settings = Record<string, unknown> & { version: number };

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await openScreen(request);
  // The words as their draft has them (with where they stand), and the settings as they are.
  const [words, settings] = await Promise.all([
    adminRead<Settings>('/api/settings?draft=1', request),
    adminRead<Settings>('/api/settings', request),
  ]);
  return { words, settings };
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

const operations = new Set<string>(SETTINGS_OPERATIONS);
const operationEntries = formFields(settingsDef.fields, 'update').filter(([key]) => operations.has(key));
const operationGroups = settingsDef.groups
  .map((group) => ({ ...group, fields: group.fields.filter((key) => operations.has(key)) }))
  .filter((group) => group.fields.length > 0);

/**
 * The site settings. What visitors read (the company, the home and about pages' words, trust
 * signals, links) is drafted and published like the content (decision 110); the operations (where
 * mail goes, sign-in rules) are an admin's and take effect when saved.
 */
export default function Settings() {
  const { words, settings } = useLoaderData<typeof clientLoader>();
  const user = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.user;
  const feedback = useFeedback();
  const revalidator = useRevalidator();
  // A publish or a schedule ends an edit: the next one starts from the words as they are then.
  const [edit, setEdit] = useState(0);
  // The operations as last saved from here (the save's answer), and a fresh form for each save.
  const [operations, setOperations] = useState({ record: settings, key: 0 });
  const editsWords = mayCall(user?.role, siteWords.access.update);
  const editsOperations = may(user?.role, 'operations:update');

  return (
    <section className="screen">
      <header className="screen-header">
        <h1>{settingsDef.label}</h1>
      </header>
      {editsWords && (
        <section className="settings-part" aria-labelledby="settings-words">
          <h2 id="settings-words">What visitors read</h2>
          <p className="settings-part-intro">
            Company details, the home and about pages, trust signals and links. Changes are kept as a draft
            while you type; visitors see them once they are published.
          </p>
          <DraftEditor
            key={edit}
            def={siteWords}
            row={{ ...words, _id: SITE_WORDS_ID } as AdminRecord}
            address="/api/settings"
            groups={siteWordGroups}
            user={user}
            onFinished={(message) => {
              feedback.success(message);
              // Every page's loaders run again (the header shows a new company name at once); then
              // the next edit starts from the words as published.
              void revalidator.revalidate().then(() => setEdit((n) => n + 1));
            }}
            onStored={() => undefined}
            onChanged={() => void revalidator.revalidate()}
            onDirtyChange={() => undefined}
          />
        </section>
      )}
      {editsOperations && (
        <section className="settings-part" aria-labelledby="settings-operations">
          <h2 id="settings-operations">Operations</h2>
          <p className="settings-part-intro">
            Where mail goes and who may sign in. These take effect when saved.
          </p>
          <DeclaredForm
            // A save of these starts a fresh form; a publish of the words leaves what is typed here.
            key={operations.key}
            entries={operationEntries}
            record={operations.record}
            groups={operationGroups}
            submitLabel="Save settings"
            bodyClassName="settings-body"
            footerClassName="form-footer"
            onSubmit={async (values) => {
              // The settings' newest version this screen knows: a publish of the words from here
              // moves it too, and is no conflict with what is typed in this form.
              const version = Math.max(operations.record.version, settings.version);
              const saved = await api<Settings>('/api/settings', {
                method: 'PUT',
                body: { ...values, version },
              });
              setOperations((now) => ({ record: saved, key: now.key + 1 }));
              feedback.success('Data Updated Successfully!');
              void revalidator.revalidate();
            }}
          />
        </section>
      )}
    </section>
  );
}
