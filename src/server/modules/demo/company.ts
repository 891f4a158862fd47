import type { DemoPictureName } from './picture-names';

/**
 * The demo company's clients, departments, service centers, about entries and gallery albums. Each
 * names its pictures (./picture-names); the seed stores them with the record.
 */
interface DemoClient {
  name: string;
  /** What we did for them, in one line: the public card shows it (their phone is staff-only). */
  work: string;
  phone: string;
  address: string;
  picture: DemoPictureName;
}

export const demoClients: DemoClient[] = [
  {
    name: 'Metro Cash & Carry',
    work: 'Roof waterproofing and upkeep of the store’s cold rooms',
    picture: 'building/store',
    phone: '04235761234',
    address: 'Thokar Niaz Baig, Multan Road, Lahore, Punjab',
  },
  {
    name: 'Shaukat Khanum Hospital',
    work: 'Standby generator and UPS for a hospital wing',
    picture: 'building/hospital',
    phone: '04235905000',
    address: '7A Block R-3, Johar Town, Lahore, Punjab',
  },
  {
    name: 'Packages Mall',
    work: 'CCTV and security system maintenance across the mall',
    phone: '04238110000',
    address: 'Walton Road, Nishtar Town, Lahore Cantt, Punjab',
    picture: 'building/mall',
  },
  {
    name: 'Gourmet Foods',
    work: 'Weekend rewiring of a production unit, and its cold chain',
    picture: 'building/foodPlant',
    phone: '04235881122',
    address: '14 Industrial Estate, Kot Lakhpat, Lahore, Punjab',
  },
  {
    name: 'Arfa Software Technology Park',
    work: 'Air-conditioning service for the office floors',
    picture: 'building/techPark',
    phone: '04235880000',
    address: '346-B Ferozepur Road, Lahore, Punjab',
  },
];

export const demoDepartments: {
  name: string;
  phone: string;
  picture: DemoPictureName;
  description: string;
}[] = [
  {
    name: 'Refrigeration & Cold Chain',
    phone: '03001234501',
    picture: 'place/reeferDock',
    description:
      'Our refrigeration department installs and maintains cold rooms, chillers and freezers for food, pharmaceutical and retail customers, with an emergency team on call through the night.',
  },
  {
    name: 'Electrical Services',
    phone: '03001234502',
    picture: 'place/panelRoom',
    description:
      'Licensed electricians handling wiring, distribution boards, backup power and preventive maintenance for residential, commercial and industrial sites.',
  },
  {
    name: 'Security & CCTV',
    phone: '03001234503',
    picture: 'place/gateCameras',
    description:
      'Design, installation and monitoring support for CCTV, access control and alarm systems, from a single shop camera to a multi-site warehouse network.',
  },
  {
    name: 'Painting & Finishing',
    phone: '03001234504',
    picture: 'place/facadeScaffold',
    description:
      'Interior and exterior painting, waterproofing and protective coatings by experienced crews who respect your schedule and your premises.',
  },
];

const weekdays = (opens: string, closes: string) =>
  Object.fromEntries(
    (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => [
      day,
      { opens, closes },
    ]),
  );
const everyDay = (opens: string, closes: string) => ({
  ...weekdays(opens, closes),
  saturday: { opens, closes },
  sunday: { opens, closes },
});

export const demoCenters = [
  {
    name: 'Lahore Head Office',
    picture: 'center/headOffice',
    phone: '04235712345',
    address: 'Office 12, Main Boulevard, Gulberg III, Lahore',
    // Monday to Saturday; closed on Sunday and at night, when the emergency line answers.
    hours: { ...weekdays('09:00', '19:00'), saturday: { opens: '09:00', closes: '19:00' } },
    emergencyPhone: '03001112233',
    location: '31.5204,74.3587',
    areas: [
      { area: 'Gulberg' },
      { area: 'DHA' },
      { area: 'Model Town' },
      { area: 'Johar Town' },
      { area: 'Cantt' },
    ],
  },
  {
    name: 'Karachi Service Center',
    picture: 'center/karachi',
    phone: '02134567890',
    address: 'Plot 45, Shahrah-e-Faisal, PECHS Block 6, Karachi',
    // The port's cold stores never close: neither does this center.
    hours: everyDay('00:00', '23:59'),
    location: '24.8607,67.0011',
    // Technicians on shift around the clock: faster than the site's usual response time.
    responseTime: '45–60 minutes',
    areas: [
      { area: 'PECHS' },
      { area: 'Clifton' },
      { area: 'DHA Karachi' },
      { area: 'Korangi Industrial Area' },
      { area: 'Saddar' },
      { area: 'Gulshan-e-Iqbal' },
    ],
  },
  {
    name: 'Islamabad Service Center',
    picture: 'center/islamabad',
    phone: '05123456789',
    address: 'Shop 8, Blue Area, Jinnah Avenue, Islamabad',
    hours: {
      ...weekdays('09:00', '18:00'),
      saturday: { opens: '10:00', closes: '16:00' },
    },
    location: '33.7104,73.0577',
    areas: [{ area: 'Blue Area' }, { area: 'F-6 to F-11' }, { area: 'G-9 to G-11' }, { area: 'Rawalpindi' }],
  },
] satisfies ({ picture: DemoPictureName } & Record<string, unknown>)[];

export const demoAbout: { title: string; picture: DemoPictureName; description: string }[] = [
  {
    title: 'Who We Are',
    picture: 'place/teamVan',
    description:
      'Founded by two refrigeration engineers, we have grown into a team of more than sixty technicians serving homes and businesses across Punjab, Sindh and the capital. We combine the responsiveness of a local workshop with the standards and documentation of a national contractor.',
  },
  {
    title: 'How We Work',
    picture: 'place/doorstep',
    description:
      'Every job starts with a proper diagnosis and a clear written quote. Our technicians arrive in equipped vans, protect your premises, explain what they found and what they fixed, and follow up to make sure the problem stays solved.',
  },
  {
    title: 'Safety and Quality',
    picture: 'place/safetyBench',
    description:
      'Our electricians are licensed, our refrigerant handlers are certified, and every technician is trained in safe working practices. We use genuine parts, test our work before we leave, and guarantee it in writing.',
  },
];

/** A gallery picture: what it shows, in words that are also its alt text, and its project if any. */
interface DemoGalleryPicture {
  picture: DemoPictureName;
  caption: string;
  /** The title of the demo project it belongs to (./projects). */
  project?: string;
}

export const demoGallery: { title: string; pictures: DemoGalleryPicture[] }[] = [
  {
    title: 'Recent installations',
    pictures: [
      {
        picture: 'place/rooftopACs',
        caption: 'Outdoor units of newly fitted split ACs on a rooftop',
        project: 'Split AC installation in a new apartment',
      },
      { picture: 'place/displayChillers', caption: 'Display chillers fitted along a supermarket aisle' },
      { picture: 'place/ceilingDomes', caption: 'Dome CCTV cameras on a shop ceiling' },
    ],
  },
  {
    title: 'Our work sites',
    pictures: [
      { picture: 'place/coldRoomBuild', caption: 'Insulated panels going up for a new cold room' },
      { picture: 'place/floorCoating', caption: 'A protective coating rolled onto a workshop floor' },
      { picture: 'place/siteBriefing', caption: 'Our team at the morning safety briefing on site' },
      { picture: 'place/vanDepot', caption: 'Service vans loaded and ready at our depot' },
    ],
  },
];
