import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, services] = await Promise.all([context.site.settings(), context.site.list('service')]);
  return { settings, services };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `${data.settings.companyName} | ${data.settings.tagline}` : 'Home' }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, services } = loaderData;
  return (
    <main>
      <section className="hero">
        <h1>{settings.heroTitle}</h1>
        <p>{settings.heroText}</p>
        <a href={`tel:${settings.phone}`}>Call {settings.phone}</a>
      </section>
      <section>
        <h2>OUR SERVICES</h2>
        <ul>
          {services.map((service) => (
            <li key={service._id}>{String(service.title)}</li>
          ))}
        </ul>
      </section>
    </main>
  );
}
