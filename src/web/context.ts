import type { RequestContext } from '../shared/site-data';

declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}
