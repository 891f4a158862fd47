import type { TextField } from '../../../shared/content/fields';
import type { KindControl } from './control';
import { ImagesControl } from './images';

/** One image: the upload control of several, holding at most one. */
export const ImageControl: KindControl<TextField> = ImagesControl;
