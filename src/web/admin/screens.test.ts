import { describe, expect, it } from 'vitest';
import { mayCall, requestReachOf, STAFF_ROLES } from '../../shared/permissions';
import { PRIVATE_PATHS } from '../../shared/seo/public-pages';
import {
  adminScreens,
  homeFor,
  JOB_QUEUE_PATH,
  MY_JOBS_PATH,
  requestsHomeFor,
  screenAt,
  screensFor,
} from './screens';
import { refusedScreen } from './signed-in';

describe('the staff screens per role', () => {
  it('gives a technician a short navigation: their jobs and their account', () => {
    expect(screensFor('technician').map((screen) => screen.path)).toEqual([MY_JOBS_PATH, '/account']);
  });

  it('lists My jobs only for roles that reach their own requests, the queue only for those reaching all', () => {
    for (const role of STAFF_ROLES) {
      const paths = screensFor(role).map((screen) => screen.path);
      expect(paths.includes(MY_JOBS_PATH)).toBe(requestReachOf(role) === 'own');
      expect(paths.includes('/message')).toBe(requestReachOf(role) === 'all');
    }
  });

  it('shows every role only screens it may open', () => {
    for (const role of STAFF_ROLES)
      for (const screen of screensFor(role)) expect(mayCall(role, screen.access)).toBe(true);
  });

  it('lands a technician on My jobs and the others on the dashboard', () => {
    expect(homeFor('technician')).toBe(MY_JOBS_PATH);
    for (const role of STAFF_ROLES.filter((one) => requestReachOf(one) !== 'own'))
      expect(homeFor(role)).toBe('/dashboard');
    expect(requestsHomeFor('technician')).toEqual({ path: MY_JOBS_PATH, label: 'My jobs' });
    expect(requestsHomeFor('office')).toEqual({ path: '/message', label: 'the queue' });
  });

  it('finds the screen of an address, a record under it too, whatever its case and trailing slash', () => {
    expect(screenAt('/message/0d6a3c1e-0000-4000-8000-000000000000')?.path).toBe('/message');
    expect(screenAt('/addservices/')?.path).toBe('/addServices');
    expect(screenAt('/messages')).toBeUndefined();
    expect(screenAt('/dashboard')).toBeUndefined();
  });

  it('refuses a screen by the rule of the route it is built on', () => {
    expect(refusedScreen('technician', '/addServices')?.label).toBe(screenAt('/addServices')?.label);
    expect(refusedScreen('technician', '/users')?.path).toBe('/users');
    expect(refusedScreen('editor', '/message')?.path).toBe('/message');
    expect(refusedScreen('technician', '/message/some-id')).toBeUndefined();
    expect(refusedScreen('technician', MY_JOBS_PATH)).toBeUndefined();
    expect(refusedScreen('editor', '/dashboard')).toBeUndefined();
    for (const screen of adminScreens) expect(refusedScreen('admin', screen.path)).toBeUndefined();
  });
});

describe('the job queue screen', () => {
  it('is for the roles that may read the queue, as GET /api/jobs is: admins only', () => {
    const queue = adminScreens.find((screen) => screen.path === JOB_QUEUE_PATH);
    expect(queue?.access).toBe('jobs:read');
    for (const role of STAFF_ROLES)
      expect(
        screensFor(role).some((screen) => screen.path === JOB_QUEUE_PATH),
        role,
      ).toBe(role === 'admin');
    expect(refusedScreen('editor', JOB_QUEUE_PATH)?.path).toBe(JOB_QUEUE_PATH);
    // Not the technician's own jobs: neither screen is taken for the other.
    expect(screenAt(MY_JOBS_PATH)?.path).toBe(MY_JOBS_PATH);
    expect(screenAt(`${JOB_QUEUE_PATH}/`)?.path).toBe(JOB_QUEUE_PATH);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of every staff screen, the next one added included', () => {
    for (const screen of adminScreens)
      expect(
        PRIVATE_PATHS.some((path) => screen.path.startsWith(path)),
        `${screen.path} is not in PRIVATE_PATHS`,
      ).toBe(true);
  });
});
