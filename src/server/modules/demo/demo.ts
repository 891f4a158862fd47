import type { ServiceCategory } from '../../../shared/constants';
import type { PlaceArt, ServiceArt } from './art';

/** Demo content for the spec's company: believable, so that a new site looks finished. */
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
    art: 'reeferDock' as const,
    description:
      'Our refrigeration department installs and maintains cold rooms, chillers and freezers for food, pharmaceutical and retail customers, with an emergency team on call through the night.',
  },
  {
    name: 'Electrical Services',
    phone: '03001234502',
    art: 'panelRoom' as const,
    description:
      'Licensed electricians handling wiring, distribution boards, backup power and preventive maintenance for residential, commercial and industrial sites.',
  },
  {
    name: 'Security & CCTV',
    phone: '03001234503',
    art: 'gateCameras' as const,
    description:
      'Design, installation and monitoring support for CCTV, access control and alarm systems, from a single shop camera to a multi-site warehouse network.',
  },
  {
    name: 'Painting & Finishing',
    phone: '03001234504',
    art: 'facadeScaffold' as const,
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
    phone: '05123456789',
    address: 'Shop 8, Blue Area, Jinnah Avenue, Islamabad',
    hours: {
      ...weekdays('09:00', '18:00'),
      saturday: { opens: '10:00', closes: '16:00' },
    },
    areas: [{ area: 'Blue Area' }, { area: 'F-6 to F-11' }, { area: 'G-9 to G-11' }, { area: 'Rawalpindi' }],
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
  {
    name: 'Kamran Yousaf',
    position: 'Senior Refrigeration Technician',
    bio: 'Fifteen years on cold rooms and chillers; leads the night emergency team in Lahore.',
  },
  {
    name: 'Zainab Hussain',
    position: 'Customer Care Lead',
    bio: 'Answers the 24/7 line, books visits and makes sure every customer hears back the same day.',
  },
  {
    name: 'Naveed Akhtar',
    position: 'CCTV & Security Supervisor',
    bio: 'Plans camera coverage for shops and warehouses and runs the maintenance contracts.',
  },
  {
    name: 'Mehwish Rana',
    position: 'Painting & Coatings Supervisor',
    bio: 'Runs the painting and waterproofing crews, from surface preparation to the final inspection.',
  },
  {
    name: 'Faisal Iqbal',
    position: 'HVAC Service Engineer',
    bio: 'Installs and commissions split and ducted systems and trains new technicians in gas handling.',
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

export const demoGallery: { title: string; art: PlaceArt[] }[] = [
  { title: 'Recent Installations', art: ['rooftopACs', 'displayChillers', 'ceilingDomes', 'solarRoof'] },
  { title: 'Our Work Sites', art: ['coldRoomBuild', 'floorCoating', 'siteBriefing', 'vanDepot'] },
];

/**
 * What each demo service's page answers before a customer calls, by the service's title: price
 * guidance, typical duration, how the job goes, the usual questions, and related services (by
 * title; the seed turns them into ids).
 */
export const demoServiceAnswers: Record<
  string,
  {
    price: string;
    duration: string;
    steps: { title: string; description: string }[];
    faqs: { question: string; answer: string }[];
    related: string[];
  }
> = {
  'Cold Room & Commercial Refrigeration': {
    price: 'Site survey free; call-out from Rs 4,500',
    duration: 'Repairs 2–6 hours; new cold rooms 5–10 days',
    steps: [
      {
        title: 'Call or send a request',
        description:
          'Tell us the unit, the fault and how full it is. Emergencies are dispatched at once, day or night.',
      },
      {
        title: 'On-site diagnosis',
        description:
          'A refrigeration technician checks gas pressure, compressor, controls and door seals, then quotes in writing.',
      },
      {
        title: 'Repair or install',
        description:
          'Common parts are in the van; larger jobs are scheduled around your deliveries so stock stays cold.',
      },
      {
        title: 'Temperature log and report',
        description: 'We log temperatures after the work and leave a report for your food-safety records.',
      },
    ],
    faqs: [
      {
        question: 'Can you come at night or on a Sunday?',
        answer:
          'Yes. Our refrigeration team is on call 24/7, and a cold room failure is treated as an emergency: we aim to be on site within two hours in Lahore, Karachi and Islamabad.',
      },
      {
        question: 'Which brands and refrigerants do you work with?',
        answer:
          'All major compressor and unit brands, and R-22, R-404A, R-134a and R-290 systems. Our gas handlers are certified.',
      },
      {
        question: 'Do you offer maintenance contracts?',
        answer:
          'Yes: quarterly or monthly visits with coil cleaning, gas checks and a written temperature report, plus priority call-outs.',
      },
    ],
    related: ['Domestic Fridge & Freezer Repair', 'Generator & UPS Installation'],
  },
  'Domestic Fridge & Freezer Repair': {
    price: 'Home visit Rs 1,500, credited against the repair',
    duration: 'Usually 1–2 hours, fixed on the first visit',
    steps: [
      {
        title: 'Book a visit',
        description:
          'Call or send a request with the brand and what it is doing; we give you a two-hour arrival window.',
      },
      {
        title: 'Diagnosis at your home',
        description: 'The technician finds the fault and tells you the price before any work starts.',
      },
      {
        title: 'Repair with genuine parts',
        description: 'Thermostats, fans, relays, seals and gas are fixed on the spot in most cases.',
      },
      { title: 'Warranty in writing', description: 'You get a 90-day warranty on parts and labour.' },
    ],
    faqs: [
      {
        question: 'Is it worth repairing an old fridge?',
        answer:
          'If the compressor and body are sound, most repairs cost far less than a new fridge. The technician will tell you honestly if it is not worth it.',
      },
      {
        question: 'Do I pay for the visit if I do not go ahead?',
        answer: 'Only the Rs 1,500 visit charge. If you go ahead, it is taken off the repair.',
      },
      {
        question: 'Do you repair inverter refrigerators?',
        answer: 'Yes, including inverter boards and compressors of all the common brands.',
      },
    ],
    related: ['Cold Room & Commercial Refrigeration'],
  },
  'Electrical Maintenance & Repairs': {
    price: 'Call-out from Rs 2,500; larger jobs quoted in writing',
    duration: 'Faults 1–3 hours; rewiring 1–5 days',
    steps: [
      {
        title: 'Tell us the problem',
        description:
          'Tripping breakers, sparking sockets, flickering lights: describe it, and send a photo if you can.',
      },
      {
        title: 'Fault finding',
        description:
          'A licensed electrician tests the circuits and the board to find the cause, not just the symptom.',
      },
      {
        title: 'Safe repair',
        description:
          'We repair or replace wiring, breakers and sockets to code and test every circuit we touch.',
      },
      {
        title: 'Report',
        description: 'You get a short written report of what was found, fixed and recommended.',
      },
    ],
    faqs: [
      {
        question: 'Are your electricians licensed?',
        answer:
          'Yes. Every electrician is licensed and trained in safe isolation and testing; larger jobs are signed off by our head of electrical services.',
      },
      {
        question: 'My breaker keeps tripping. Is it dangerous?',
        answer:
          'A breaker that trips is doing its job, but it means something is overloaded or faulty. Switch off the circuit and call us; do not keep resetting it.',
      },
      {
        question: 'Do you work in factories and offices?',
        answer:
          'Yes: we maintain distribution boards, earthing and load balancing for offices, shops and industrial units, and can work outside your working hours.',
      },
    ],
    related: ['Generator & UPS Installation', 'Security System Maintenance'],
  },
  'Generator & UPS Installation': {
    price: 'UPS installation from Rs 6,000; generators quoted after a survey',
    duration: 'UPS half a day; generator with changeover 1–2 days',
    steps: [
      {
        title: 'Load survey',
        description: 'We list what must keep running and size the UPS, inverter or generator to it.',
      },
      {
        title: 'Written quote',
        description: 'Equipment, cabling and labour itemised, with delivery and installation dates.',
      },
      {
        title: 'Installation and changeover',
        description:
          'Neat cabling, an automatic changeover switch and batteries placed where they stay cool.',
      },
      {
        title: 'Full backup test',
        description: 'We cut the mains and check that everything switches over before we leave.',
      },
    ],
    faqs: [
      {
        question: 'What size of UPS do I need?',
        answer:
          'It depends on what you run during load-shedding. Our survey adds up your fans, lights, fridge and equipment and recommends a size with room to spare.',
      },
      {
        question: 'Do you service generators we already have?',
        answer: 'Yes: oil, filters, batteries and changeover checks on a schedule, plus emergency repairs.',
      },
      {
        question: 'How long do UPS batteries last?',
        answer:
          'Usually two to four years. We check them on every service visit and tell you before they fail.',
      },
    ],
    related: ['Electrical Maintenance & Repairs'],
  },
  'CCTV Camera Installation': {
    price: '4-camera HD system installed from Rs 45,000',
    duration: 'Homes and shops 1 day; warehouses 2–4 days',
    steps: [
      {
        title: 'Site visit',
        description: 'We walk the premises with you and mark entrances, tills and blind spots.',
      },
      {
        title: 'Camera plan and quote',
        description: 'Camera positions, recorder size and storage days, itemised in writing.',
      },
      {
        title: 'Neat installation',
        description: 'Cameras mounted, cabling in conduit, recorder set up and tested.',
      },
      {
        title: 'Phone viewing and training',
        description: 'We set up viewing on your phone and show your staff how to find and export footage.',
      },
    ],
    faqs: [
      {
        question: 'Can I watch the cameras on my phone?',
        answer:
          'Yes. We set up the app on your phones during installation and check it works away from the premises.',
      },
      {
        question: 'How many days of recording will I have?',
        answer:
          'Typically 15–30 days, depending on the number of cameras and the hard disk. We size storage to what you need.',
      },
      {
        question: 'Do the cameras work at night?',
        answer:
          'Yes, all our cameras have infrared night vision; colour night-vision models are available for entrances.',
      },
    ],
    related: ['Security System Maintenance', 'Electrical Maintenance & Repairs'],
  },
  'Security System Maintenance': {
    price: 'Health check from Rs 3,000 per site',
    duration: '1–3 hours per site',
    steps: [
      { title: 'Schedule a check', description: 'One-off, or on a quarterly plan for every branch.' },
      {
        title: 'Full system check',
        description: 'Lenses cleaned, recorder and hard disk tested, firmware updated, cables inspected.',
      },
      {
        title: 'Fix on the spot',
        description: 'Loose connectors, failed cameras and power supplies are repaired during the visit.',
      },
      {
        title: 'Visit report',
        description: 'A short report of what was checked and fixed, with any camera that needs replacing.',
      },
    ],
    faqs: [
      {
        question: 'Do you maintain systems installed by someone else?',
        answer: 'Yes, all common camera and recorder brands, whoever installed them.',
      },
      {
        question: 'How often should CCTV be checked?',
        answer:
          'Every three months for shops and warehouses, every six for homes. Hard disks fail quietly, so regular checks matter.',
      },
      {
        question: 'Can you recover footage from a failed recorder?',
        answer: 'Often, yes. Bring or send us the recorder as soon as possible and do not record over it.',
      },
    ],
    related: ['CCTV Camera Installation'],
  },
  'Interior & Exterior Painting': {
    price: 'From Rs 35 per sq ft, materials included; free estimate',
    duration: 'A 3-room flat in 3–4 days',
    steps: [
      {
        title: 'Free estimate',
        description: 'We measure, look at the walls and give a written price with paint brands and colours.',
      },
      {
        title: 'Preparation',
        description: 'Furniture and floors covered, cracks filled, damp treated and surfaces sanded.',
      },
      { title: 'Painting', description: 'Primer and two coats of quality paint, to the agreed schedule.' },
      {
        title: 'Clean-up and walk-through',
        description: 'We clean up and walk through every room with you before we finish.',
      },
    ],
    faqs: [
      {
        question: 'Which paints do you use?',
        answer:
          'Quality emulsion and weather-resistant exterior paints from leading brands. You choose the brand and shade; we advise on what suits each surface.',
      },
      {
        question: 'Can we stay at home while you paint?',
        answer: 'Yes. We work room by room and use low-odour paints on request, so the house stays usable.',
      },
      {
        question: 'Do you paint offices outside working hours?',
        answer: 'Yes, evenings and weekends, so your business keeps running.',
      },
    ],
    related: ['Waterproofing & Protective Coatings'],
  },
  'Waterproofing & Protective Coatings': {
    price: 'Roof waterproofing from Rs 60 per sq ft',
    duration: 'Most roofs 2–3 days, in dry weather',
    steps: [
      {
        title: 'Leak inspection',
        description: 'We trace the source of the leak or damp, which is often not where the stain is.',
      },
      {
        title: 'Treatment plan',
        description: 'The right system for the surface and the climate, priced in writing.',
      },
      {
        title: 'Surface repair and coating',
        description: 'Cracks repaired, surfaces cleaned and the coating applied in layers.',
      },
      { title: 'Water test', description: 'We flood-test the roof before handing it over.' },
    ],
    faqs: [
      {
        question: 'When is the best time to waterproof?',
        answer: 'Before the monsoon, in dry weather. We book up in May and June, so ask early.',
      },
      {
        question: 'Is there a warranty?',
        answer: 'Yes, a written warranty of up to five years depending on the system chosen.',
      },
      {
        question: 'Can you treat damp on inside walls?',
        answer: 'Yes. We treat the cause (rising damp or seepage) and then replaster and paint.',
      },
    ],
    related: ['Interior & Exterior Painting'],
  },
  'Air-Conditioner Installation': {
    price: 'Split AC installation from Rs 5,500, 10 ft of piping included',
    duration: '2–3 hours per split unit',
    steps: [
      {
        title: 'Capacity advice',
        description: 'Tell us the room size and sun; we recommend the right tonnage.',
      },
      {
        title: 'Mounting and piping',
        description: 'Units mounted securely with insulated copper piping and a proper drain.',
      },
      {
        title: 'Vacuum and gas check',
        description: 'The lines are vacuumed and pressures checked, as the manufacturer requires.',
      },
      {
        title: 'Commissioning',
        description: 'We run the system, check cooling and explain the remote and filters.',
      },
    ],
    faqs: [
      {
        question: 'Which size AC do I need?',
        answer:
          'Roughly 1 ton for a room up to 120 sq ft and 1.5 tons up to 180 sq ft, more for sunny or top-floor rooms. We confirm on the visit.',
      },
      {
        question: 'Do you install units bought elsewhere?',
        answer: 'Yes, all brands, and installation by us keeps the manufacturer warranty valid.',
      },
      {
        question: 'Is extra piping charged?',
        answer: 'The first 10 ft are included; longer runs are charged per foot, quoted before we start.',
      },
    ],
    related: ['AC Service & Gas Refilling', 'Electrical Maintenance & Repairs'],
  },
  'AC Service & Gas Refilling': {
    price: 'Service from Rs 2,500; gas refill quoted after a leak test',
    duration: 'About 1 hour per unit',
    steps: [
      { title: 'Book a service', description: 'Before summer is best; tell us how many units and where.' },
      {
        title: 'Wash and check',
        description: 'Filters, coils and drains washed; pressures and current checked.',
      },
      {
        title: 'Leak test and gas',
        description: 'Leaks are found and repaired before gas is topped up, so it does not run out again.',
      },
      { title: 'Cooling test', description: 'We measure the air temperature at the vent before we leave.' },
    ],
    faqs: [
      {
        question: 'How often should an AC be serviced?',
        answer:
          'Twice a year: before summer and after it. Dusty sites and shops may need it every three months.',
      },
      {
        question: 'Why does my AC need gas every year?',
        answer:
          'It should not: refrigerant only runs low through a leak. We find and fix the leak rather than refilling again and again.',
      },
      {
        question: 'What does an annual contract include?',
        answer: 'Two or more services a year, discounted repairs and priority call-outs at any hour.',
      },
    ],
    related: ['Air-Conditioner Installation'],
  },
};

/** The service each demo testimonial praises, by the testimonial's name and the service's title. */
export const demoTestimonialServices: Record<string, string> = {
  'Sara Khan': 'Cold Room & Commercial Refrigeration',
  'Ahmed Raza': 'Electrical Maintenance & Repairs',
  'Fatima Noor': 'Air-Conditioner Installation',
  'Usman Tariq': 'CCTV Camera Installation',
  'Hina Javed': 'Interior & Exterior Painting',
};
