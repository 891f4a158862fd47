import { describe, expect, it } from 'vitest';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_IMAGES_TEXT } from '../../../shared/constants';
import { ACCEPTED_FORMATS } from './pipeline';

/** How libvips names each format a picker offers (it calls AVIF `heif`). */
const FORMAT_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};
const NAME_OF_FORMAT: Record<string, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  heif: 'AVIF',
};

describe('what an upload accepts', () => {
  it('is the same in the file picker, in the words of every refusal, and in the check itself', () => {
    const offered = ACCEPTED_IMAGE_TYPES.split(',').map((type) => FORMAT_OF_TYPE[type]);
    expect(new Set(offered)).toEqual(ACCEPTED_FORMATS);
    for (const format of ACCEPTED_FORMATS) expect(ACCEPTED_IMAGES_TEXT).toContain(NAME_OF_FORMAT[format]);
  });
});
