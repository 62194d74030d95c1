// The welcome page: finds out whether this device trusts the household's authority yet by
// asking the HTTPS door (a request to an untrusted certificate fails), and once it does, says
// so and, for an invitation, goes on by itself.

const main = document.querySelector('main.welcome');
const probe = main && main.dataset.probe;
const next = main && main.dataset.next;
const invitation = next && next.includes('/join/');
let done = false;

async function trusted() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 3000);
  try {
    await fetch(probe, { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function check() {
  if (done || !probe || document.visibilityState !== 'visible') return;
  if (!(await trusted())) return;
  done = true;
  document.getElementById('trusted').hidden = false;
  if (invitation) location.assign(next);
}

if (probe) {
  check();
  setInterval(check, 2000);
  document.addEventListener('visibilitychange', check);
}
