import { describe, expect, it } from 'vitest';
import { SITE_WORDS_ID } from '../../shared/content/settings';
import { client, contactus, service } from '../../shared/content/types';
import { kindWords, requesterOf, standingOf, subjectOf, typesToName } from './job-queue';

const ID = '0d6a3c1e-0000-4000-8000-000000000000';
const publish = (type: string, id = ID) => ({ kind: 'publish', key: `publish:${type}:${id}` });

describe('the job queue screen', () => {
  it('names a scheduled publish by its record, linked to its list searched for it', () => {
    const services = [{ _id: ID, title: 'AC repair & gas' }];
    expect(subjectOf(publish('service'), { service: services })).toEqual({
      kind: 'record',
      type: 'Service',
      id: ID,
      name: 'AC repair & gas',
      href: '/addServices?q=AC+repair+%26+gas',
    });
    expect(subjectOf(publish('client'), { client: [{ _id: ID, name: 'Acme' }] })).toMatchObject({
      name: 'Acme',
      href: '/addclient?q=Acme',
    });
  });

  it("names a scheduled publish of the site's words, linked to the settings", () => {
    expect(subjectOf(publish('settings', SITE_WORDS_ID), {})).toEqual({
      kind: 'record',
      type: 'Site words',
      id: SITE_WORDS_ID,
      name: 'Site settings',
      href: '/settings',
    });
  });

  it('says a record its list no longer holds is gone, and shows the key of anything else', () => {
    expect(subjectOf(publish('service'), { service: [] })).toEqual({ kind: 'gone', type: 'Service', id: ID });
    expect(subjectOf(publish('service'), { service: null })).toMatchObject({ kind: 'gone' });
    expect(subjectOf({ kind: 'backup', key: 'backup:nightly' }, {})).toEqual({
      kind: 'other',
      key: 'backup:nightly',
    });
    expect(subjectOf(publish('nothing'), {})).toEqual({ kind: 'other', key: `publish:nothing:${ID}` });
  });

  it('reads each type of the page once, and only types that are scheduled', () => {
    const jobs = [
      publish('service'),
      publish('service', 'other'),
      publish('client'),
      publish(contactus.name),
    ];
    expect(typesToName([...jobs, { kind: 'backup', key: 'backup:nightly' }])).toEqual([
      service.name,
      client.name,
    ]);
  });

  it('says where a job stands in words', () => {
    expect(standingOf({ state: 'pending', lastError: null })).toEqual({ label: 'Waiting', tone: 'waiting' });
    expect(standingOf({ state: 'pending', lastError: 'boom' })).toEqual({
      label: 'Trying again',
      tone: 'retrying',
    });
    expect(standingOf({ state: 'failed', lastError: 'boom' })).toEqual({
      label: 'Given up',
      tone: 'given-up',
    });
    expect(kindWords('publish')).toBe('Scheduled publish');
    expect(kindWords('backup')).toBe('backup');
  });

  it('says who asked for a job as far as the answer tells', () => {
    expect(requesterOf({ createdBy: ID, createdByName: 'Sara' })).toEqual({ name: 'Sara', known: true });
    expect(requesterOf({ createdBy: ID, createdByName: null }).known).toBe(false);
    expect(requesterOf({ createdBy: null, createdByName: null })).toEqual({ name: 'the site', known: false });
  });
});
