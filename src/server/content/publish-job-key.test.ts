import { describe, expect, it } from 'vitest';
import { publishedRecordOf } from '../../shared/jobs';
import { PUBLISH_JOB, publishJobKey } from './publishing';

describe('a scheduled publish as the jobs screen reads it', () => {
  it('names its type and record by the key and kind the queue stores it under', () => {
    const id = '0d6a3c1e-0000-4000-8000-000000000000';
    expect(publishedRecordOf({ kind: PUBLISH_JOB, key: publishJobKey('service', id) })).toEqual({
      type: 'service',
      id,
    });
  });

  it('names nothing for a job of another kind, or a key of another shape', () => {
    expect(publishedRecordOf({ kind: 'backup', key: 'publish:service:x' })).toBeNull();
    expect(publishedRecordOf({ kind: PUBLISH_JOB, key: 'publish:service' })).toBeNull();
    expect(publishedRecordOf({ kind: PUBLISH_JOB, key: 'other:service:x' })).toBeNull();
  });
});
