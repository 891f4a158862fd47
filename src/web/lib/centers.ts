import { type CenterStatus, centerStatus, type HoursLine, weekLines } from '../../shared/content/hours';
import { directionsHref, type MapPoint, parseLocation } from '../../shared/location';
import type { SiteRecord } from '../../shared/site-data';

/**
 * A service center as every public page shows it (its own page, its card, the contact page):
 * the week's hours as lines, whether it is open now, the way there. One shape from one function,
 * so a center never reads differently from one page to the next.
 */
export interface CenterView {
  id: string;
  slug: string;
  name: string;
  phone: string;
  emergencyPhone: string;
  address: string;
  image: string;
  areas: string[];
  /** The stored week, for the open-now island to work the state out again when the page is read. */
  hours: SiteRecord<'servicecenter'>['hours'];
  week: HoursLine[];
  /** Open or closed at the time of rendering, on the site's clock; null without hours. */
  status: CenterStatus | null;
  point: MapPoint | null;
  /** A maps app's directions to the point, else to the address; null with neither. */
  directions: string | null;
}

export function toCenterView(record: SiteRecord<'servicecenter'>, at: Date, timeZone: string): CenterView {
  const point = parseLocation(record.location)?.point ?? null;
  return {
    id: record._id,
    slug: record.slug,
    name: record.name,
    phone: record.phone,
    emergencyPhone: record.emergencyPhone,
    address: record.address,
    image: record.images[0] ?? '',
    areas: record.areas.map((row) => row.area.trim()).filter(Boolean),
    hours: record.hours,
    week: weekLines(record.hours),
    status: centerStatus(record, at, timeZone),
    point,
    directions: directionsHref({ location: record.location ?? '', address: record.address }),
  };
}
