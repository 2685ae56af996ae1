// Questions and their subjects made in one shape: every field in place, in one order, absent ones undefined. The
// engine, the log and the AIs read every question a game asks; objects of one shape are read at one place in the
// code as one kind of object, while literals with optional fields and spreads make a new kind for each mix.
import type { RequestOption, Request, RequestSubject, SealedMark } from './types.ts';

/** A question: who answers, what is asked, the options and how many to pick; its subject and sealed mark, if any. */
export function request(
  seat: number,
  prompt: string,
  options: RequestOption[],
  min: number,
  max: number,
  subject?: RequestSubject,
  sealed?: SealedMark,
): Request {
  return { seat, prompt, options, min, max, sealed, subject };
}

/** What a question is about (types.ts RequestSubject); every part may be absent. */
export function requestSubject(
  asks: string | undefined,
  about: RequestSubject['about'],
  skill: string | undefined,
  window: string | undefined,
): RequestSubject {
  return { asks, about, skill, window };
}
