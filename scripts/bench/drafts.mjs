// Drafted content at scale (decision 109): thousands of services, each with a draft, and one with
// as many versions as a record keeps; then time the staff's reads of them.

import { runOnStoppedSite, staffRead, staffToken } from './inbox.mjs';
import { log } from './options.mjs';

export const DRAFTED_SIZE = Number(process.env.BENCH_DRAFTED_SIZE ?? 10_000);
const VERSIONS = 50;

/** Fill the stopped site's database: `count` services with a draft each, one with 50 versions. */
export async function fillDrafted({ dataDir, url }, count) {
  const sql = `
    insert into services (slug, title, description, service_name, sort_order, published_at)
    select 'bench-service-' || i, 'Bench service ' || i,
           'What bench service ' || i || ' does, in a sentence or two of plain words.',
           (array['refrigerator','electric','cctv','paint','air_c_m'])[1 + i % 5], 1000 + i,
           case when i % 10 = 0 then null else now() end
    from generate_series(1, ${count}) as i;
    insert into content_drafts (resource, record_id, field_values, version, based_on, updated_at)
    select 'service', id, jsonb_build_object('title', title || ' (draft)', 'description', description),
           version + 1, published_at, now()
    from services where slug like 'bench-service-%';
    insert into content_versions (resource, record_id, n, field_values, fields, published_at, published_by_name)
    select 'service', s.id, n, jsonb_build_object('title', s.title, 'description', s.description || ' Edition ' || n),
           '["description"]'::jsonb, now() - ((${VERSIONS} - n) || ' hours')::interval, 'bench-admin'
    from services s, generate_series(1, ${VERSIONS}) as n where s.slug = 'bench-service-1';`;
  await runOnStoppedSite({ dataDir, url }, [
    sql,
    'vacuum analyze services',
    'vacuum analyze content_drafts',
    'vacuum analyze content_versions',
  ]);
}

/** The staff's reads of drafted content: a page of the list with each record's status, and a record's versions. */
export async function drafted(site) {
  const authorization = `Bearer ${await staffToken(site)}`;
  const found = await fetch(`${site.base}/api/service/bench-service-1`, { headers: { authorization } });
  const { _id: id } = await found.json();
  const rows = [];
  for (const [label, path] of [
    ['list page 1, drafts', '/api/service?page=1&pageSize=50&draft=1'],
    ['list page 150, drafts', '/api/service?page=150&pageSize=50&draft=1'],
    ['list whole, search', '/api/service?q=service%209999&draft=1'],
    ['versions of one', `/api/service/${id}/versions?pageSize=50`],
    ['one version', `/api/service/${id}/versions/25`],
  ]) {
    const row = await staffRead(`${site.base}${path}`, authorization, label, (body, headers) =>
      Number(headers.get('x-total-count') ?? body.totalCount ?? (Array.isArray(body) ? body.length : 1)),
    );
    rows.push(row);
    log(`drafted ${label}: p50 ${row.p50} ms, p99 ${row.p99} ms (${row.totalCount})`);
  }
  return rows;
}
