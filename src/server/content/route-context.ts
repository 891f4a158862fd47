import type { ContentTypeDef } from '../../shared/content/define';
import { schemasFor } from '../../shared/content/schema';

/** What every route of a content type derives from its declaration: its schemas, path and tag. */
export interface RouteContext {
  def: ContentTypeDef;
  schemas: ReturnType<typeof schemasFor>;
  /** `/api/{name}`: the collection; records are `${base}/:id`. */
  base: string;
  /** The API document's group of the type's routes. */
  tags: string[];
  label: string;
}

export function routeContext(def: ContentTypeDef): RouteContext {
  return { def, schemas: schemasFor(def), base: `/api/${def.name}`, tags: [def.plural], label: def.label };
}
