import { SectionHeading } from '../../components/section-heading';
import { ClientGrid } from '../../components/sections';
import { TestimonialCarousel } from '../../components/testimonial-carousel';
import { pageMeta } from '../../lib/seo';
import { toClientCard } from '../../lib/view-models';
import type { Route } from './+types/clients';

export async function loader({ context }: Route.LoaderArgs) {
  const [testimonials, clients] = await Promise.all([
    context.site.list('testimonial'),
    context.site.list('client'),
  ]);
  return {
    testimonials: testimonials.map((t) => ({
      id: t._id,
      name: t.name,
      position: t.position,
      text: t.text,
      rating: t.rating,
      image: t.image,
    })),
    clients: clients.map(toClientCard),
  };
}

export function meta(args: Route.MetaArgs) {
  const names = args.data?.clients
    .slice(0, 4)
    .map((c) => c.name)
    .join(', ');
  return pageMeta(args, {
    title: 'Clients and testimonials',
    description: names
      ? `What our customers say, and the businesses that trust us: ${names} and more.`
      : 'What our customers say about our work.',
  });
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { testimonials, clients } = loaderData;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Testimonials" title="What our clients say" />
          <TestimonialCarousel testimonials={testimonials} />
        </div>
      </section>
      <section className="section" aria-labelledby="trusted-clients">
        <div className="container">
          <SectionHeading id="trusted-clients" title="Our Trusted Clients" />
          <ClientGrid clients={clients} />
        </div>
      </section>
    </>
  );
}
