// A Shopping Trip's steps taken while the phone is offline: applied to the page's copy of the
// trip at once by the core's own walk (TripWalk, through rules.js), kept in the order taken
// (localStorage, so a reload or a closed tab keeps them), and sent when the server answers
// again. Settling an exception needs the server's products, so only Next, Got it, Skip, Pause
// and Resume are taken offline.

import { call } from './rules.js';

const QUEUE = 'basket.trip.queue';
const LAST = 'basket.trip.last';

/** Why a step can't be taken (the walk's refusal: paused, notPaused, atEnd, needsServer). */
class StepRefused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** The trip after `step`, as the server will make it; throws StepRefused where it would refuse. */
export function walkStep(trip, step) {
  // NB: only what the walk reads: a trip of thousands of stops crosses in a few kilobytes.
  const walk = call('trip.step', {
    phase: trip.phase, resumes: trip.resumes ?? null, position: trip.position,
    current: trip.current ? true : null, stops: trip.stops.map((stop) => ({ status: stop.status })),
  }, step);
  if (walk.refused) throw new StepRefused(walk.refused);
  const stops = trip.stops.map((stop, at) => (stop.status === walk.statuses[at] ? stop : { ...stop, status: walk.statuses[at] }));
  return {
    ...trip,
    phase: walk.phase,
    resumes: walk.resumes,
    stops,
    position: walk.position,
    current: walk.shown === null ? null : stops[walk.shown],
    atEnd: walk.atEnd,
  };
}

/** The steps waiting to be sent, oldest first: [{step, at, trip}]. */
export function queued() {
  try {
    return JSON.parse(localStorage.getItem(QUEUE) || '[]');
  } catch {
    return [];
  }
}

export function saveQueue(steps) {
  localStorage.setItem(QUEUE, JSON.stringify(steps));
}

/** The trip as the page last had it (the server's, with the waiting steps on top), or null. */
export function lastTrip() {
  try {
    return JSON.parse(localStorage.getItem(LAST) || 'null');
  } catch {
    return null;
  }
}

export function keepTrip(trip) {
  if (trip) localStorage.setItem(LAST, JSON.stringify(trip));
  else localStorage.removeItem(LAST);
}
