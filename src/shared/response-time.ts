/**
 * The home page's promise: how fast a technician reaches a customer, per city (docs/decisions/101).
 * A center's own response time, else the site's; its city is the last part of its address, else
 * the site's city. Cities with the same time are one group; the fastest group comes first.
 */
export interface ResponseGroup {
  /** As staff wrote it: `60–90 minutes`. */
  time: string;
  cities: string[];
}

/** The city in an address: its last comma-separated part, without a postcode. */
export function cityOf(address: string): string {
  const last = address.split(',').at(-1) ?? '';
  return last
    .replace(/\b\d[\d\s-]*\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Minutes a time such as `45–60 minutes` or `2 hours` first promises; unknown words last. */
export function firstMinutes(time: string): number {
  const match = /(\d+(?:\.\d+)?)/.exec(time);
  if (!match) return Number.POSITIVE_INFINITY;
  const value = Number(match[1]);
  return /\b(hour|hr)/i.test(time) && !/\bmin/i.test(time) ? value * 60 : value;
}

export function responseGroups(
  settings: { responseTime: string; city: string },
  centers: readonly { address: string; responseTime: string }[],
): ResponseGroup[] {
  const places =
    centers.length > 0
      ? centers.map((c) => ({
          time: c.responseTime.trim() || settings.responseTime.trim(),
          city: cityOf(c.address) || settings.city,
        }))
      : [{ time: settings.responseTime.trim(), city: settings.city }];
  const groups = new Map<string, string[]>();
  for (const { time, city } of places) {
    if (!time) continue;
    const cities = groups.get(time) ?? [];
    if (city && !cities.includes(city)) cities.push(city);
    groups.set(time, cities);
  }
  return [...groups]
    .map(([time, cities]) => ({ time, cities }))
    .sort((a, b) => firstMinutes(a.time) - firstMinutes(b.time));
}

/** `Lahore`, `Lahore and Karachi`, `Lahore, Karachi and Islamabad`. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** `in 45–60 minutes in Karachi`: a group as the promise says it. */
export const groupInWords = (group: ResponseGroup) =>
  group.cities.length > 0 ? `${group.time} in ${listInWords(group.cities)}` : group.time;

/**
 * How soon we come, for a page about services (docs/decisions/101): each city's promise in words,
 * and the one time a service row may state, which is set only when every city shares it (a row
 * that said the site's time would be wrong for a city whose center is faster or slower).
 */
export function arrivalOf(groups: readonly ResponseGroup[]) {
  return {
    promise: groups.map(groupInWords),
    everywhere: groups.length === 1 ? (groups[0]?.time ?? '') : '',
  };
}
export type Arrival = ReturnType<typeof arrivalOf>;
