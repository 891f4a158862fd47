export * from './constants';
export * from './content/define';
export * from './content/fields';
export * from './content/schema';
export * from './content/settings';
export * from './content/types';
export * from './text';
