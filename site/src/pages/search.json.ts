// /search.json: the search index of every page in both languages (see lib/search-index.ts).
import { searchIndex } from '../lib/search-index.ts';

export function GET(): Response {
  return new Response(JSON.stringify(searchIndex()), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
