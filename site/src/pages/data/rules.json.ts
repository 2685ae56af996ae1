// /data/rules.json: the compiled rules without scenarios, plus zh/en names the IR does not carry. One file
// shared by every page with a scenario player or a game (the browser caches it once).
import { clientRules } from '../../lib/scenarios.ts';

export function GET(): Response {
  return new Response(JSON.stringify(clientRules()), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
