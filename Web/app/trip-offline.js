// A Shopping Trip's steps taken while the phone is offline: applied to the page's copy of the
// trip at once, with the core's walk rule (TripRules; both are held to the case table
// Tests/cases/trip-walk-cases.json), kept in the order taken (localStorage, so a reload or a
// closed tab keeps them), and sent when the server answers again. Settling an exception needs
// the server's products, so only Next, Got it, Skip, Pause and Resume are taken offline.

const QUEUE = 'basket.trip.queue';
const LAST = 'basket.trip.last';
const STATUS = { next: 'visited', got: 'got', skip: 'skipped' };

/** Why a step can't be taken (the core's TripError cases the table names), as a thrown Error. */
class StepRefused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** The index of the stop shown: `position` is 1-based and stops at the count past the end. */
function shownIndex(trip) {
  return trip.current ? trip.position - 1 : trip.stops.length;
}

/** The trip after `step`, as the server will make it; throws StepRefused where it would refuse. */
export function walkStep(trip, step) {
  if (step === 'pause') {
    if (trip.phase === 'paused') return trip;
    return { ...trip, phase: 'paused', resumes: trip.phase };
  }
  if (step === 'resume') {
    if (trip.phase !== 'paused') throw new StepRefused('notPaused');
    return { ...trip, phase: trip.resumes || 'walking', resumes: null };
  }
  if (trip.phase === 'paused') throw new StepRefused('paused');
  if (trip.phase !== 'walking') throw new StepRefused('needsServer');
  const index = shownIndex(trip);
  if (index >= trip.stops.length) throw new StepRefused('atEnd');
  const stops = trip.stops.map((stop, at) => (at === index ? { ...stop, status: STATUS[step] } : stop));
  const waiting = (at) => stops[at].status === 'waiting';
  let next = stops.findIndex((stop, at) => at > index && waiting(at));
  if (next < 0) next = stops.findIndex((stop, at) => waiting(at));
  if (next < 0) next = stops.length;
  return {
    ...trip,
    stops,
    position: Math.min(next + 1, stops.length),
    current: stops[next] || null,
    atEnd: !stops.some((stop) => stop.status === 'waiting'),
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
