import { describe, expect, it } from 'vitest';
import type { PublicationMeta } from '../../shared/content/define';
import { contactus, contentTypes, service } from '../../shared/content/types';
import {
  type AutosaveFacts,
  autosaveDecision,
  differences,
  differenceView,
  draftSaveLine,
  hasDrafts,
  hasUnpublished,
  mayPublish,
  picturesOf,
  publicationOf,
  publishersLine,
  publishRule,
  standingLine,
  statusWords,
} from './drafts';
import { readTimesIn } from './format';

describe('who publishes', () => {
  it('is read from the declaration and the roles: admins and editors publish, the office saves drafts', () => {
    expect(hasDrafts(service)).toBe(true);
    expect(hasDrafts(contactus)).toBe(false);
    expect(publishRule(contactus)).toBeNull();
    expect(mayPublish('admin', service)).toBe(true);
    expect(mayPublish('editor', service)).toBe(true);
    expect(mayPublish('office', service)).toBe(false);
    expect(mayPublish('technician', service)).toBe(false);
    expect(mayPublish(undefined, service)).toBe(false);
    expect(mayPublish('admin', contactus)).toBe(false);
  });

  it('names the roles that publish for someone who cannot', () => {
    expect(publishersLine(publishRule(service)!)).toBe(
      'Your changes are kept as a draft. An admin or an editor puts them on the site.',
    );
  });

  it('is the same for every type declared with drafts, with no rule per type', () => {
    const drafted = contentTypes.filter(hasDrafts);
    expect(drafted.map((def) => def.name).sort()).toEqual(
      [
        'aboutus',
        'client',
        'department',
        'gallery',
        'project',
        'service',
        'servicecenter',
        'team',
        'testimonial',
      ].sort(),
    );
    for (const def of drafted) expect(publishRule(def)).toBe(`${def.name}:publish`);
  });
});

describe('status words', () => {
  it('reads every status as text, a scheduled one with its time in the site zone', () => {
    readTimesIn('Asia/Karachi');
    expect(statusWords({ status: 'draft', publishAt: null })).toEqual({ label: 'Draft', when: null });
    expect(statusWords({ status: 'published', publishAt: null })).toEqual({ label: 'Published', when: null });
    expect(statusWords({ status: 'changed', publishAt: null }).label).toBe(
      'Published with unpublished changes',
    );
    expect(statusWords({ status: 'scheduled', publishAt: '2026-11-27T05:42:00.000Z' })).toEqual({
      label: 'Scheduled',
      when: 'Fri 27 Nov 2026, 10:42 am',
    });
  });

  it('says where the record stands at the top of its form', () => {
    readTimesIn('Asia/Karachi');
    const meta = (over: Partial<PublicationMeta>): PublicationMeta => ({
      status: 'draft',
      publishedAt: null,
      publishAt: null,
      draft: null,
      ...over,
    });
    expect(standingLine(meta({}))).toBe('Not on the site yet.');
    expect(standingLine(meta({ status: 'changed', publishedAt: '2026-11-20T04:00:00.000Z' }))).toBe(
      'On the site since Fri 20 Nov 2026, 9:00 am.',
    );
    expect(
      standingLine(
        meta({
          status: 'scheduled',
          publishedAt: null,
          publishAt: '2026-11-27T05:42:00.000Z',
        }),
      ),
    ).toBe('The draft goes on the site Fri 27 Nov 2026, 10:42 am.');
  });

  it('takes the publication members from a staff read, and nothing from a record without them', () => {
    expect(publicationOf({ _id: 'a', title: 'x' })).toBeNull();
    expect(publicationOf({ status: 'retired' })).toBeNull();
    expect(
      publicationOf({
        status: 'changed',
        publishedAt: '2026-11-20T04:00:00.000Z',
        publishAt: null,
        draft: { version: 4, updatedAt: '2026-11-21T04:00:00.000Z', updatedBy: 'amna', stale: false },
      }),
    ).toEqual({
      status: 'changed',
      publishedAt: '2026-11-20T04:00:00.000Z',
      publishAt: null,
      draft: { version: 4, updatedAt: '2026-11-21T04:00:00.000Z', updatedBy: 'amna', stale: false },
    });
  });

  it('offers Publish only when there is something not on the site', () => {
    const published: PublicationMeta = {
      status: 'published',
      publishedAt: 'x',
      publishAt: null,
      draft: null,
    };
    expect(hasUnpublished(published, false)).toBe(false);
    expect(hasUnpublished(published, true)).toBe(true);
    expect(hasUnpublished({ ...published, status: 'changed' }, false)).toBe(true);
    expect(hasUnpublished({ ...published, status: 'draft' }, false)).toBe(true);
    expect(hasUnpublished(null, false)).toBe(true);
  });
});

describe('autosave', () => {
  const facts = (over: Partial<AutosaveFacts> = {}): AutosaveFacts => ({
    stored: true,
    dirty: true,
    invalid: false,
    saving: false,
    stopped: false,
    snapshot: '{"title":"b"}',
    failedSnapshot: null,
    ...over,
  });

  it('saves changed, valid values of a stored record once typing pauses', () => {
    expect(autosaveDecision(facts())).toBe('due');
  });

  it('never saves unchanged or invalid values, a record not yet stored, or after a stale edit', () => {
    expect(autosaveDecision(facts({ dirty: false }))).toBe('no');
    expect(autosaveDecision(facts({ invalid: true }))).toBe('no');
    expect(autosaveDecision(facts({ stored: false }))).toBe('no');
    expect(autosaveDecision(facts({ stopped: true }))).toBe('no');
  });

  it('never overlaps saves: while one runs, it decides again when that one ends', () => {
    expect(autosaveDecision(facts({ saving: true }))).toBe('after');
  });

  it('does not send again the values that just failed, but does once they change', () => {
    expect(autosaveDecision(facts({ failedSnapshot: '{"title":"b"}' }))).toBe('no');
    expect(autosaveDecision(facts({ failedSnapshot: '{"title":"a"}' }))).toBe('due');
  });

  it('says what the draft is doing, the time of day in the site zone', () => {
    readTimesIn('Asia/Karachi');
    expect(draftSaveLine({ kind: 'idle' })).toBe('');
    expect(draftSaveLine({ kind: 'saving' })).toBe('Saving draft…');
    expect(draftSaveLine({ kind: 'saved', at: '2026-11-27T05:42:10.000Z' })).toBe('Draft saved at 10:42 am');
    expect(draftSaveLine({ kind: 'failed' })).toBe('Draft not saved.');
  });
});

describe('differences from a version', () => {
  it('lists the changed fields in the declaration order, with labels, and the address', () => {
    const before = { title: 'Old', description: 'Same words', icon: '', slug: 'old', images: [] };
    const after = { title: 'New', description: 'Same words', icon: null, slug: 'new', images: null };
    expect(differences(service, before, after).map(({ name, label }) => [name, label])).toEqual([
      ['title', 'Title'],
      ['slug', 'Web address'],
    ]);
  });

  it('compares lists of rows regardless of key order and empty members', () => {
    const before = { steps: [{ title: 'Call', description: '' }] };
    const after = { steps: [{ description: null, title: 'Call' }] };
    expect(differences(service, before, after)).toEqual([]);
    expect(differences(service, before, { steps: [{ title: 'Visit' }] }).map((d) => d.name)).toEqual([
      'steps',
    ]);
  });

  it('shows long text as words, pictures as pictures, the rest as a line', () => {
    expect(differenceView(service.fields.description)).toBe('words');
    expect(differenceView(service.fields.icon)).toBe('pictures');
    expect(differenceView(service.fields.images)).toBe('pictures');
    expect(differenceView(service.fields.title)).toBe('line');
    expect(differenceView(undefined)).toBe('line');
    expect(picturesOf('/media/a.webp')).toEqual(['/media/a.webp']);
    expect(picturesOf(['/media/a.webp', '', 3])).toEqual(['/media/a.webp']);
    expect(picturesOf(null)).toEqual([]);
  });
});
