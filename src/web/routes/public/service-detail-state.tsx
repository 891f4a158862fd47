import { useEffect } from 'react';
import { redirect, useLocation, useNavigate } from 'react-router';
import type { ServiceDetailData } from '../../lib/view-models';
import { ServiceView } from './service-view';

/**
 * The old address of a service's page: it shows the service handed over in navigation state and
 * otherwise goes to /services. A request from outside (a bookmark, a crawler) never has state.
 */
export function loader() {
  return redirect('/services');
}

// Navigations inside the app stay in the browser, where the state is.
export function clientLoader() {
  return null;
}

export function meta() {
  return [{ title: 'Service' }, { name: 'robots', content: 'noindex' }];
}

function isService(value: unknown): value is ServiceDetailData {
  const service = value as Partial<ServiceDetailData> | null;
  return Boolean(service && typeof service.title === 'string' && typeof service.slug === 'string');
}

export default function ServiceDetailFromState() {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = (location.state as { service?: unknown } | null)?.service;
  const service = isService(raw)
    ? {
        ...raw,
        description: raw.description ?? '',
        icon: raw.icon ?? '',
        images: Array.isArray(raw.images) ? raw.images : [],
        categoryLabel: raw.categoryLabel ?? '',
      }
    : null;
  useEffect(() => {
    if (!service) navigate('/services', { replace: true });
  }, [service, navigate]);
  return service ? <ServiceView service={service} /> : null;
}
