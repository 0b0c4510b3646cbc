import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './decode-html-entities.ts';

describe('decodeHtmlEntities', () => {
  it('restores the five characters the API escapes', () => {
    expect(decodeHtmlEntities('&lt;b&gt;Tom &amp; Jerry&#39;s &quot;deal&quot;&lt;/b&gt;')).toBe(`<b>Tom & Jerry's "deal"</b>`);
  });

  it('decodes once, so text that was itself an entity stays as typed', () => {
    expect(decodeHtmlEntities('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
  });

  it('leaves other entities and plain ampersands alone', () => {
    expect(decodeHtmlEntities('&nbsp; & &#60;')).toBe('&nbsp; & &#60;');
  });
});
