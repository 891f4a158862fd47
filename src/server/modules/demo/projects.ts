/**
 * Demo projects: finished jobs with their before and after pictures, two or three for each kind of
 * work. `service`, `client` and `testimonial` are indexes into demoServices, demoClients and
 * demoTestimonials (demo.ts); the seed turns them into the created records' ids.
 */
export interface DemoProject {
  title: string;
  service: number;
  area: string;
  completedOn: string;
  problem: string;
  work: string;
  result: string;
  client?: number;
  testimonial?: number;
  /** How many gallery pictures besides the before and after pair (1 or 2). */
  extraPictures: 1 | 2;
}

export const demoProjects: DemoProject[] = [
  {
    title: 'Cold room rescue for a restaurant kitchen',
    service: 0,
    area: 'Gulberg III, Lahore',
    completedOn: '2026-02-14',
    problem:
      'The walk-in cold room of a busy restaurant stopped cooling on a Saturday night with a full week of stock inside.',
    work: 'We traced a failed condenser fan motor and a refrigerant leak at a brazed joint, replaced the motor, repaired the joint and recharged the system.',
    result:
      'The room was back at 2 °C within three hours and no stock was lost; the owner now has a quarterly maintenance contract.',
    testimonial: 0,
    extraPictures: 2,
  },
  {
    title: 'Frost-free fridge repair in a family home',
    service: 1,
    area: 'DHA Phase 5, Lahore',
    completedOn: '2026-03-02',
    problem: 'A two-door fridge kept building ice at the back while the lower compartment stayed warm.',
    work: 'Our technician replaced the defrost heater and thermostat on the first visit and cleared the blocked drain line.',
    result:
      'Both compartments hold their temperature again and the family kept a fridge they were about to replace.',
    extraPictures: 1,
  },
  {
    title: 'Rewiring a textile finishing unit over one weekend',
    service: 2,
    area: 'Sundar Industrial Estate, Lahore',
    completedOn: '2026-04-18',
    problem:
      'Old aluminium wiring in the finishing unit tripped breakers daily and had started to scorch at the joints.',
    work: 'We rewired the unit in copper with a new distribution board and labelled circuits, working Friday night to Sunday.',
    result:
      'The unit started on Monday with zero downtime and has not tripped once since; every circuit is documented.',
    client: 3,
    testimonial: 1,
    extraPictures: 2,
  },
  {
    title: 'Standby generator and UPS for a hospital wing',
    service: 3,
    area: 'Johar Town, Lahore',
    completedOn: '2026-05-09',
    problem: 'Load-shedding left the outpatient wing on a small UPS that lasted barely twenty minutes.',
    work: 'We installed a 60 kVA generator with an automatic transfer switch and a new online UPS bank for the critical rooms.',
    result: 'Power now switches over in under ten seconds and the critical rooms never see a break at all.',
    client: 1,
    extraPictures: 1,
  },
  {
    title: 'CCTV for a retail branch with remote viewing',
    service: 4,
    area: 'Clifton Block 5, Karachi',
    completedOn: '2026-06-21',
    problem:
      'The branch had four old analogue cameras with blind spots over the tills and no way to watch from head office.',
    work: 'We fitted twelve IP cameras on a new NVR with neat trunked cabling and set up secure remote viewing for head office.',
    result:
      'Every till and entrance is covered in full HD, and the head office checks all its branches from one screen.',
    testimonial: 3,
    extraPictures: 2,
  },
  {
    title: 'Repainting a school during the summer break',
    service: 6,
    area: 'F-8 Markaz, Islamabad',
    completedOn: '2026-07-30',
    problem:
      'Peeling paint and damp stains across forty classrooms, with only six weeks before the new term.',
    work: 'Our crews scraped, treated the damp patches, primed and applied two coats of washable emulsion, block by block.',
    result: 'All forty classrooms were finished four days before term began, with a finish that wipes clean.',
    testimonial: 4,
    extraPictures: 1,
  },
  {
    title: 'Roof waterproofing before the monsoon',
    service: 7,
    area: 'Bahria Town, Rawalpindi',
    completedOn: '2026-06-05',
    problem: 'Every monsoon the top-floor ceilings of a warehouse leaked onto stored goods.',
    work: 'We cleaned the roof slab, sealed the cracks and laid a two-layer membrane coating with reinforced joints.',
    result:
      'The warehouse stayed dry through the whole monsoon, and the coating carries a five-year warranty.',
    client: 0,
    extraPictures: 1,
  },
  {
    title: 'Split AC installation in a new apartment',
    service: 8,
    area: 'Bahadurabad, Karachi',
    completedOn: '2026-08-12',
    problem: 'A family moving into a new apartment needed three rooms cooled before the August heat.',
    work: 'We installed three inverter split units with concealed copper piping and a drain line to each balcony.',
    result:
      'All three rooms cool quietly on a fraction of the old power bill, and the walls were left clean.',
    testimonial: 2,
    extraPictures: 2,
  },
];
