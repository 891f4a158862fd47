import {
  type CenterStatus,
  centerStatus,
  type HoursLine,
  openDays,
  weekLines,
} from '../../shared/content/hours';
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

/** The company's Call button: its own phone while the office is open, the emergency line when not. */
export interface CompanyCall {
  hours: SiteRecord<'servicecenter'>['hours'];
  phone: string;
  emergencyPhone: string;
  timeZone: string;
  status: CenterStatus;
}

/**
 * What the company's Call buttons (the home page's hero, the phone's call bar) dial at `at`: the
 * company's phone while the first center with hours and an emergency line (the head office,
 * listed first) is open, that line while it is closed (docs/decisions/101). Null without such a
 * center: the buttons then dial the company's phone at any hour. The open-now island works it out
 * again when the page is read, since a kept copy may be hours old.
 */
export function companyCall(
  centers: readonly SiteRecord<'servicecenter'>[],
  phone: string,
  at: Date,
  timeZone: string,
): CompanyCall | null {
  const office = centers.find((c) => openDays(c.hours).length > 0 && c.emergencyPhone);
  if (!office) return null;
  const call = { hours: office.hours, phone, emergencyPhone: office.emergencyPhone };
  const status = centerStatus(call, at, timeZone);
  return status ? { ...call, timeZone, status } : null;
}
