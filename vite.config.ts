import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // The size table's gzip column is not read by anyone and costs a compression of every chunk.
    reportCompressedSize: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod places `@__PURE__` comments where Rollup cannot use them and says so for each; the
        // comment is dropped and the code is unchanged. Only that, from zod, is silenced.
        if (warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? ''))
          return;
        // Routes that only redirect on the server have no browser code: their client chunk is empty.
        if (warning.code === 'EMPTY_BUNDLE' && warning.names?.every((name) => name.endsWith('-redirect')))
          return;
        warn(warning);
      },
    },
  },
});
