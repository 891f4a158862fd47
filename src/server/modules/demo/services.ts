import type { ServiceCategory } from '../../../shared/constants';
import type { ServiceArt } from './picture-names';
import answers from './service-answers.json';

/**
 * Demo content for the spec's company: believable, so that a new site looks finished. Each service
 * shows the pictures of its `art` (./picture-names): an icon, a technician at work and a close-up.
 */
export const demoServices: {
  title: string;
  serviceName: ServiceCategory;
  description: string;
  art: ServiceArt;
}[] = [
  {
    title: 'Cold Room & Commercial Refrigeration',
    serviceName: 'refrigerator',
    art: 'coldRoom',
    description:
      'Design, installation and round-the-clock repair of cold rooms, walk-in freezers, display chillers and ice machines for restaurants, pharmacies and food distributors. We diagnose compressor, thermostat and gas faults on site, carry common spare parts in every van, and log temperatures after each visit so that your stock and your food-safety records stay protected.',
  },
  {
    title: 'Domestic Fridge & Freezer Repair',
    serviceName: 'refrigerator',
    art: 'fridge',
    description:
      'Fridge not cooling, freezer icing up or a noisy compressor? Our technicians repair all major brands at your home, usually on the first visit. We replace thermostats, fans, door seals and relays, recharge refrigerant safely and give you a written warranty on parts and labour.',
  },
  {
    title: 'Electrical Maintenance & Repairs',
    serviceName: 'electric',
    art: 'electrical',
    description:
      'Certified electricians for homes, offices and factories: fault finding, rewiring, distribution boards, earthing and load balancing. We follow safety codes, test every circuit we touch and leave a clear report, so tripping breakers, flickering lights and overheated sockets become a thing of the past.',
  },
  {
    title: 'Generator & UPS Installation',
    serviceName: 'electric',
    art: 'generator',
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
    art: 'security',
    description:
      'Scheduled health checks for existing CCTV and alarm systems: lens cleaning, recorder and hard-disk checks, firmware updates and cable repairs. Problems are found before an incident, not after, and every visit ends with a short report on what was checked and fixed.',
  },
  {
    title: 'Interior & Exterior Painting',
    serviceName: 'paint',
    art: 'painting',
    description:
      'Professional painting for homes, offices and commercial buildings. Our crews prepare surfaces properly, fill cracks, protect floors and furniture, and apply quality weather-resistant paints for a clean finish that lasts. We work to an agreed schedule and leave every room ready to use.',
  },
  {
    title: 'Waterproofing & Protective Coatings',
    serviceName: 'paint',
    art: 'waterproofing',
    description:
      'Roof and wall waterproofing, damp treatment and protective coatings for industrial floors. We find the source of leaks and seepage, treat it, and finish with coatings chosen for your climate so the problem does not come back next monsoon.',
  },
  {
    title: 'Air-Conditioner Installation',
    serviceName: 'air_c_m',
    art: 'acInstall',
    description:
      'Split, inverter, cassette and ducted air-conditioning installed correctly the first time. We advise on the right capacity for each room, mount units securely, run insulated copper piping, vacuum the lines and commission the system so it cools efficiently and quietly.',
  },
  {
    title: 'AC Service & Gas Refilling',
    serviceName: 'air_c_m',
    art: 'acService',
    description:
      'Seasonal servicing that restores cooling and cuts your electricity bill: coil and filter washing, drain cleaning, leak detection and refrigerant top-up to the manufacturer’s pressure. Annual maintenance contracts include priority call-outs at any hour.',
  },
];
export interface DemoServiceAnswers {
  summary: string;
  /** Rupees; 0 is a free visit, null none at that hour. */
  calloutPrice: number | null;
  nightPrice: number | null;
  warranty: string;
  price: string;
  duration: string;
  steps: { title: string; description: string }[];
  faqs: { question: string; answer: string }[];
  /** Related services by title; the seed turns them into ids. */
  related: string[];
}

/**
 * What each demo service's page answers before a customer calls, by the service's title: price
 * guidance, typical duration, how the job goes, the usual questions, and related services. The
 * texts are in ./service-answers.json.
 */
export const demoServiceAnswers: Record<string, DemoServiceAnswers> = answers;
