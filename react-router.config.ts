import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build/web',
  ssr: true,
  // Each of React Router 8's behaviours chosen now, so that none is a surprise at the upgrade and
  // the build prints no future-flag warnings (docs/decisions/080-first-run.md).
  future: {
    // Loaders read the server's plain load context (src/shared/site-data.ts); middleware would
    // hand them a RouterContextProvider instead.
    v8_middleware: false,
    // Loaders read their request's URL; passed through, a data request's would end in `.data`.
    v8_passThroughRequests: false,
    // Client and server come from one build, so the data-request URL format is ours to choose.
    v8_trailingSlashAwareDataRequests: true,
    // Admin route modules export no state their client functions share: they can be split.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
