import type { ServiceCategory } from '../../../shared/constants';
import type { ArtSubject } from './art';

/** Demo content for the spec's company: believable, so that a new site looks finished. */
export const demoServices: {
  title: string;
  serviceName: ServiceCategory;
  description: string;
  art: ArtSubject;
}[] = [
  {
    title: 'Cold Room & Commercial Refrigeration',
    serviceName: 'refrigerator',
    art: 'refrigerator',
    description:
      'Design, installation and round-the-clock repair of cold rooms, walk-in freezers, display chillers and ice machines for restaurants, pharmacies and food distributors. We diagnose compressor, thermostat and gas faults on site, carry common spare parts in every van, and log temperatures after each visit so that your stock and your food-safety records stay protected.',
  },
  {
    title: 'Domestic Fridge & Freezer Repair',
    serviceName: 'refrigerator',
    art: 'refrigerator',
    description:
      'Fridge not cooling, freezer icing up or a noisy compressor? Our technicians repair all major brands at your home, usually on the first visit. We replace thermostats, fans, door seals and relays, recharge refrigerant safely and give you a written warranty on parts and labour.',
  },
  {
    title: 'Electrical Maintenance & Repairs',
    serviceName: 'electric',
    art: 'electric',
    description:
      'Certified electricians for homes, offices and factories: fault finding, rewiring, distribution boards, earthing and load balancing. We follow safety codes, test every circuit we touch and leave a clear report, so tripping breakers, flickering lights and overheated sockets become a thing of the past.',
  },
  {
    title: 'Generator & UPS Installation',
    serviceName: 'electric',
    art: 'tools',
    description:
      'Keep the lights on through load-shedding. We size, install and service generators, UPS and inverter systems with automatic changeover, clean cabling and battery care plans, and we test the whole backup chain so it works the moment the grid goes down.',
  },
  {
    title: 'CCTV Camera Installation',
    serviceName: 'cctv',
    art: 'cctv',
    description:
      'HD and IP camera systems for homes, shops and warehouses, planned around your blind spots. We install cameras, recorders and cabling neatly, set up remote viewing on your phone, and train your staff to find and export footage when it matters.',
  },
  {
    title: 'Security System Maintenance',
    serviceName: 'cctv',
    art: 'cctv',
    description:
      'Scheduled health checks for existing CCTV and alarm systems: lens cleaning, recorder and hard-disk checks, firmware updates and cable repairs. Problems are found before an incident, not after, and every visit ends with a short report on what was checked and fixed.',
  },
  {
    title: 'Interior & Exterior Painting',
    serviceName: 'paint',
    art: 'paint',
    description:
      'Professional painting for homes, offices and commercial buildings. Our crews prepare surfaces properly, fill cracks, protect floors and furniture, and apply quality weather-resistant paints for a clean finish that lasts. We work to an agreed schedule and leave every room ready to use.',
  },
  {
    title: 'Waterproofing & Protective Coatings',
    serviceName: 'paint',
    art: 'paint',
    description:
      'Roof and wall waterproofing, damp treatment and protective coatings for industrial floors. We find the source of leaks and seepage, treat it, and finish with coatings chosen for your climate so the problem does not come back next monsoon.',
  },
  {
    title: 'Air-Conditioner Installation',
    serviceName: 'air_c_m',
    art: 'air_c_m',
    description:
      'Split, inverter, cassette and ducted air-conditioning installed correctly the first time. We advise on the right capacity for each room, mount units securely, run insulated copper piping, vacuum the lines and commission the system so it cools efficiently and quietly.',
  },
  {
    title: 'AC Service & Gas Refilling',
    serviceName: 'air_c_m',
    art: 'air_c_m',
    description:
      'Seasonal servicing that restores cooling and cuts your electricity bill: coil and filter washing, drain cleaning, leak detection and refrigerant top-up to the manufacturer’s pressure. Annual maintenance contracts include priority call-outs at any hour.',
  },
];

export const demoClients = [
  {
    name: 'Metro Cash & Carry',
    phone: '04235761234',
    address: 'Thokar Niaz Baig, Multan Road, Lahore, Punjab',
  },
  {
    name: 'Shaukat Khanum Hospital',
    phone: '04235905000',
    address: '7A Block R-3, Johar Town, Lahore, Punjab',
  },
  { name: 'Packages Mall', phone: '04238110000', address: 'Walton Road, Nishtar Town, Lahore Cantt, Punjab' },
  {
    name: 'Gourmet Foods',
    phone: '04235881122',
    address: '14 Industrial Estate, Kot Lakhpat, Lahore, Punjab',
  },
  {
    name: 'Arfa Software Technology Park',
    phone: '04235880000',
    address: '346-B Ferozepur Road, Lahore, Punjab',
  },
];

export const demoDepartments = [
  {
    name: 'Refrigeration & Cold Chain',
    phone: '03001234501',
    art: 'refrigerator' as const,
    description:
      'Our refrigeration department installs and maintains cold rooms, chillers and freezers for food, pharmaceutical and retail customers, with an emergency team on call through the night.',
  },
  {
    name: 'Electrical Services',
    phone: '03001234502',
    art: 'electric' as const,
    description:
      'Licensed electricians handling wiring, distribution boards, backup power and preventive maintenance for residential, commercial and industrial sites.',
  },
  {
    name: 'Security & CCTV',
    phone: '03001234503',
    art: 'cctv' as const,
    description:
      'Design, installation and monitoring support for CCTV, access control and alarm systems, from a single shop camera to a multi-site warehouse network.',
  },
  {
    name: 'Painting & Finishing',
    phone: '03001234504',
    art: 'paint' as const,
    description:
      'Interior and exterior painting, waterproofing and protective coatings by experienced crews who respect your schedule and your premises.',
  },
];

export const demoCenters = [
  {
    name: 'Lahore Head Office',
    phone: '04235712345',
    address: 'Office 12, Main Boulevard, Gulberg III, Lahore',
  },
  {
    name: 'Karachi Service Center',
    phone: '02134567890',
    address: 'Plot 45, Shahrah-e-Faisal, PECHS Block 6, Karachi',
  },
  {
    name: 'Islamabad Service Center',
    phone: '05123456789',
    address: 'Shop 8, Blue Area, Jinnah Avenue, Islamabad',
  },
];

export const demoAbout = [
  {
    title: 'Who We Are',
    description:
      'Founded by two refrigeration engineers, we have grown into a team of more than sixty technicians serving homes and businesses across Punjab, Sindh and the capital. We combine the responsiveness of a local workshop with the standards and documentation of a national contractor.',
  },
  {
    title: 'How We Work',
    description:
      'Every job starts with a proper diagnosis and a clear written quote. Our technicians arrive in equipped vans, protect your premises, explain what they found and what they fixed, and follow up to make sure the problem stays solved.',
  },
  {
    title: 'Safety and Quality',
    description:
      'Our electricians are licensed, our refrigerant handlers are certified, and every technician is trained in safe working practices. We use genuine parts, test our work before we leave, and guarantee it in writing.',
  },
];

export const demoTeam = [
  {
    name: 'Imran Qureshi',
    position: 'Founder & Chief Engineer',
    bio: 'Refrigeration engineer with 20 years of experience in industrial cooling and cold-chain design.',
  },
  {
    name: 'Ayesha Malik',
    position: 'Operations Manager',
    bio: 'Keeps sixty technicians, three service centers and hundreds of weekly jobs running on time.',
  },
  {
    name: 'Bilal Ahmed',
    position: 'Head of Electrical Services',
    bio: 'Licensed electrical contractor specialising in commercial wiring, generators and UPS systems.',
  },
];

export const demoTestimonials = [
  {
    name: 'Sara Khan',
    position: 'Restaurant Owner',
    text: 'Our cold room failed on a Saturday night. Their technician arrived within the hour and saved our whole stock. We have had a maintenance contract with them ever since.',
  },
  {
    name: 'Ahmed Raza',
    position: 'Facility Manager, Textile Mill',
    text: 'Professional electricians who document everything. They rewired our finishing unit over a weekend with zero downtime on Monday.',
  },
  {
    name: 'Fatima Noor',
    position: 'Homeowner',
    text: 'Quick, clean AC installation and a fair price. The team explained everything and even cleaned up after themselves.',
  },
  {
    name: 'Usman Tariq',
    position: 'Retail Chain Manager',
    text: 'They installed CCTV in all our branches and set up remote viewing for the head office. Great planning and neat cabling.',
  },
  {
    name: 'Hina Javed',
    position: 'School Administrator',
    text: 'Our building was repainted during the summer break exactly on schedule. The finish is excellent and the staff were courteous throughout.',
  },
];

export const demoGallery: { title: string; art: ArtSubject[] }[] = [
  { title: 'Recent Installations', art: ['air_c_m', 'refrigerator', 'cctv', 'electric'] },
  { title: 'Our Work Sites', art: ['building', 'paint', 'tools', 'team'] },
];
