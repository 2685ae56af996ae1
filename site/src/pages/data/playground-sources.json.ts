// The built-in rules sources, as one JSON asset for the playground: its worker compiles the author's file
// together with these (the same files the site is built from). Built once, at build time.
import type { APIRoute } from 'astro';
import { rules } from '../../lib/rules.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const { sources } = rules();
  return new Response(JSON.stringify({ sources: sources.map((s) => ({ file: s.file, text: s.text })) }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
