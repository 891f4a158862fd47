import type { DemoPictureName } from './picture-names';

/**
 * The demo company's clients, departments, service centers, about entries and gallery albums. Each
 * names its pictures (./picture-names); the seed stores them with the record.
 */
interface DemoClient {
  name: string;
  phone: string;
  address: string;
  picture: DemoPictureName;
}

export const demoClients: DemoClient[] = [
  {
    name: 'Metro Cash & Carry',
    picture: 'building/store',
    phone: '04235761234',
    address: 'Thokar Niaz Baig, Multan Road, Lahore, Punjab',
  },
  {
    name: 'Shaukat Khanum Hospital',
    picture: 'building/hospital',
    phone: '04235905000',
    address: '7A Block R-3, Johar Town, Lahore, Punjab',
  },
  {
    name: 'Packages Mall',
    phone: '04238110000',
    address: 'Walton Road, Nishtar Town, Lahore Cantt, Punjab',
    picture: 'building/mall',
  },
  {
    name: 'Gourmet Foods',
    picture: 'building/foodPlant',
    phone: '04235881122',
    address: '14 Industrial Estate, Kot Lakhpat, Lahore, Punjab',
  },
  {
    name: 'Arfa Software Technology Park',
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
    // Monday to Saturday; closed on Sunday, when the on-call line answers.
    hours: { ...weekdays('09:00', '19:00'), saturday: { opens: '09:00', closes: '19:00' } },
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

export const demoGallery: { title: string; pictures: DemoPictureName[] }[] = [
  {
    title: 'Recent Installations',
    pictures: ['place/rooftopACs', 'place/displayChillers', 'place/ceilingDomes', 'place/solarRoof'],
  },
  {
    title: 'Our Work Sites',
    pictures: ['place/coldRoomBuild', 'place/floorCoating', 'place/siteBriefing', 'place/vanDepot'],
  },
];
