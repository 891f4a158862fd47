import { Link } from 'react-router';
import { projectPath } from '../../../shared/seo/public-pages';
import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/gallery';

export async function loader({ context }: Route.LoaderArgs) {
  const [albums, projects] = await Promise.all([context.site.list('gallery'), context.site.list('project')]);
  // A picture names its project by id; a project since deleted leaves the picture without a link.
  const slugs = new Map(projects.map((p) => [p._id, p.slug]));
  return {
    albums: albums.map((a) => ({
      id: a._id,
      title: a.title,
      pictures: a.images.map((row) => ({
        image: row.image,
        caption: row.caption,
        project: (row.project && slugs.get(row.project)) || '',
      })),
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  const titles = args.data?.albums.map((a) => a.title).join(', ');
  return pageMeta(args, {
    title: 'Gallery',
    description: titles ? `Photos of our work: ${titles}.` : 'Photos of our installations and work sites.',
    image: args.data?.albums[0]?.pictures[0]?.image,
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
                  {album.pictures.map((picture) => {
                    const priority = first;
                    first = false;
                    return (
                      <li key={picture.image} data-reveal>
                        <figure className="gallery-figure">
                          {/* The caption is the alt text: what the picture shows, in the staff's words. */}
                          <a href={picture.image} className="gallery-link">
                            <Picture
                              src={picture.image}
                              alt={picture.caption}
                              sizes="(min-width: 1200px) 280px, (min-width: 640px) 30vw, 46vw"
                              width={600}
                              height={400}
                              priority={priority}
                            />
                          </a>
                          <figcaption>
                            <span className="gallery-caption">{picture.caption}</span>
                            {picture.project ? (
                              <Link to={projectPath(picture.project)} className="gallery-project">
                                See the project
                                <span className="visually-hidden">: {picture.caption}</span>
                              </Link>
                            ) : null}
                          </figcaption>
                        </figure>
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
