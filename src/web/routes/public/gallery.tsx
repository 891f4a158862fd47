import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/gallery';

export async function loader({ context }: Route.LoaderArgs) {
  const albums = await context.site.list('gallery');
  return { albums: albums.map((a) => ({ id: a._id, title: a.title, images: a.images })) };
}

export function meta(args: Route.MetaArgs) {
  const titles = args.data?.albums.map((a) => a.title).join(', ');
  return pageMeta(args, {
    title: 'Gallery',
    description: titles ? `Photos of our work: ${titles}.` : 'Photos of our installations and work sites.',
    image: args.data?.albums[0]?.images[0],
  });
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { albums } = loaderData;
  let first = true;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Our work" title="Gallery">
            Installations, repairs and finished jobs from our teams.
          </SectionHeading>
        </div>
      </section>
      {albums.length === 0 ? (
        <p className="container section empty">Photos of our work will appear here soon.</p>
      ) : (
        <div data-island="lightbox">
          {albums.map((album) => (
            <section key={album.id} className="section gallery-album" aria-labelledby={`album-${album.id}`}>
              <div className="container">
                <h2 id={`album-${album.id}`}>{album.title}</h2>
                <ul className="gallery-grid">
                  {album.images.map((image, i) => {
                    const priority = first;
                    first = false;
                    return (
                      <li key={image} data-reveal>
                        <a href={image} className="gallery-link">
                          <Picture
                            src={image}
                            alt={`${album.title}, photo ${i + 1}`}
                            sizes="(min-width: 1200px) 280px, (min-width: 640px) 30vw, 46vw"
                            width={600}
                            height={400}
                            priority={priority}
                          />
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
