const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Undoes the API's escaping of note text so it can be rendered as a React text node, which
 * escapes again on its own. One pass, so `&amp;lt;` becomes `&lt;` and not `<`.
 */
export const decodeHtmlEntities = (text: string): string =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
