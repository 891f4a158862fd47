import type { DemoPictureName } from './picture-names';

/** The demo company's team, and customers' testimonials, each praising a demo service (by its title). */
export const demoTeam: { name: string; position: string; picture: DemoPictureName; bio: string }[] = [
  {
    name: 'Imran Qureshi',
    picture: 'team/1',
    position: 'Founder & Chief Engineer',
    bio: 'Refrigeration engineer with 20 years of experience in industrial cooling and cold-chain design.',
  },
  {
    name: 'Ayesha Malik',
    picture: 'team/2',
    position: 'Operations Manager',
    bio: 'Keeps sixty technicians, three service centers and hundreds of weekly jobs running on time.',
  },
  {
    name: 'Bilal Ahmed',
    picture: 'team/3',
    position: 'Head of Electrical Services',
    bio: 'Licensed electrical contractor specialising in commercial wiring, generators and UPS systems.',
  },
  {
    name: 'Kamran Yousaf',
    picture: 'team/4',
    position: 'Senior Refrigeration Technician',
    bio: 'Fifteen years on cold rooms and chillers; leads the night emergency team in Lahore.',
  },
  {
    name: 'Zainab Hussain',
    picture: 'team/5',
    position: 'Customer Care Lead',
    bio: 'Answers the 24/7 line, books visits and makes sure every customer hears back the same day.',
  },
  {
    name: 'Naveed Akhtar',
    picture: 'team/6',
    position: 'CCTV & Security Supervisor',
    bio: 'Plans camera coverage for shops and warehouses and runs the maintenance contracts.',
  },
  {
    name: 'Mehwish Rana',
    picture: 'team/7',
    position: 'Painting & Coatings Supervisor',
    bio: 'Runs the painting and waterproofing crews, from surface preparation to the final inspection.',
  },
  {
    name: 'Faisal Iqbal',
    picture: 'team/8',
    position: 'HVAC Service Engineer',
    bio: 'Installs and commissions split and ducted systems and trains new technicians in gas handling.',
  },
];

export const demoTestimonials: {
  name: string;
  area: string;
  position: string;
  picture: DemoPictureName;
  service: string;
  text: string;
}[] = [
  {
    name: 'Sara Khan',
    area: 'Gulberg, Lahore',
    picture: 'customer/1',
    service: 'Cold Room & Commercial Refrigeration',
    position: 'Restaurant Owner',
    text: 'Our cold room failed on a Saturday night. Their technician arrived within the hour and saved our whole stock. We have had a maintenance contract with them ever since.',
  },
  {
    name: 'Ahmed Raza',
    area: 'Korangi Industrial Area, Karachi',
    picture: 'customer/2',
    service: 'Electrical Maintenance & Repairs',
    position: 'Facility Manager, Textile Mill',
    text: 'Professional electricians who document everything. They rewired our finishing unit over a weekend with zero downtime on Monday.',
  },
  {
    name: 'Fatima Noor',
    area: 'DHA Phase 5, Lahore',
    picture: 'customer/3',
    service: 'Air-Conditioner Installation',
    position: 'Homeowner',
    text: 'Quick, clean AC installation and a fair price. The team explained everything and even cleaned up after themselves.',
  },
  {
    name: 'Usman Tariq',
    area: 'Clifton, Karachi',
    picture: 'customer/4',
    service: 'CCTV Camera Installation',
    position: 'Retail Chain Manager',
    text: 'They installed CCTV in all our branches and set up remote viewing for the head office. Great planning and neat cabling.',
  },
  {
    name: 'Hina Javed',
    area: 'F-8, Islamabad',
    picture: 'customer/5',
    service: 'Interior & Exterior Painting',
    position: 'School Administrator',
    text: 'Our building was repainted during the summer break exactly on schedule. The finish is excellent and the staff were courteous throughout.',
  },
];
