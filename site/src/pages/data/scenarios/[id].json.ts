// /data/scenarios/<id>.json: one scenario's IR (seats, stacked deck, steps), loaded by the scenario player.
import { scenario, scenarioIds } from '../../../lib/scenarios.ts';

export function getStaticPaths() {
  return scenarioIds().map((id) => ({ params: { id } }));
}

export function GET({ params }: { params: { id: string } }): Response {
  return new Response(JSON.stringify(scenario(params.id) ?? null), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
