import { startServer } from './server';

process.env.NODE_ENV ??= 'development';
startServer({ dev: true }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
