// Adding a phone: "Add a phone" makes a one-time invitation (POST /api/v3/invitations) and
// shows it as a QR code to scan and a link to send; and the header's notice when this page
// can't install itself (not a secure context, or the service worker was refused), with the
// way to the welcome page's steps.

import { call } from './api.js';

const $ = (id) => document.getElementById(id);

/** The welcome page's address, as the server last said (kept for when it can't be asked). */
function welcomeAddress() {
  try {
    return localStorage.getItem('basket-welcome') || '';
  } catch {
    return '';
  }
}

/** Shows the header's notice: this page can't keep the list on the phone, and what to do. */
export function showInstallNotice(error) {
  const notice = $('install-notice');
  if (!notice) return;
  const help = $('install-help');
  const welcome = welcomeAddress();
  if (welcome) {
    help.href = welcome;
    help.hidden = false;
  } else {
    help.hidden = true;
  }
  $('install-text').textContent = error
    ? "This phone doesn't trust this Basket yet, so it can't keep the list for when you're out of signal."
    : "This connection isn't private (HTTPS), so this phone can't keep the list for when you're out of signal.";
  notice.hidden = false;
}

export class AddPhone {
  constructor() {
    this.button = $('add-phone');
    this.dialog = $('add-phone-dialog');
    this.timer = null;
    if (!this.button || !this.dialog) return;
    this.button.addEventListener('click', () => this.open());
    $('add-phone-close').addEventListener('click', () => this.close());
    $('add-phone-another').addEventListener('click', () => this.open());
    this.dialog.addEventListener('close', () => clearInterval(this.timer));
    window.addEventListener('basket:session', (event) => this.session(event.detail));
  }

  /** The server's answer about this browser: only a paired phone in a household adds others. */
  session(session) {
    this.button.hidden = !(session && session.mode === 'secret' && session.paired);
    try {
      if (session && session.welcome) localStorage.setItem('basket-welcome', session.welcome);
    } catch {
      // NB: no storage (private mode): the notice just has no link.
    }
    const help = $('install-help');
    if (help && session && session.welcome) {
      help.href = session.welcome;
      help.hidden = false;
    }
  }

  async open() {
    const message = $('add-phone-message');
    const link = $('add-phone-link');
    message.textContent = 'Making an invitation…';
    $('add-phone-qr').replaceChildren();
    link.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    let made;
    try {
      made = await call('POST', '/api/v3/invitations', {});
    } catch (error) {
      message.textContent = error.message;
      return;
    }
    if (made.qrSVG) {
      // NB: the server drew it from the link alone (QRDrawing.svg): no text of anyone's.
      const svg = new DOMParser().parseFromString(made.qrSVG, 'image/svg+xml').documentElement;
      $('add-phone-qr').replaceChildren(document.importNode(svg, true));
    }
    link.href = made.url;
    link.textContent = made.url;
    link.hidden = false;
    const until = Date.parse(made.expiresAt);
    const tick = () => {
      const left = Math.max(0, Math.round((until - Date.now()) / 60000));
      message.textContent = left > 0
        ? `Scan it with the new phone's camera, or send it the link. It works once, for ${left} more minute${left === 1 ? '' : 's'}.`
        : 'This invitation ran out. Make another.';
    };
    tick();
    clearInterval(this.timer);
    this.timer = setInterval(tick, 15000);
  }

  close() {
    clearInterval(this.timer);
    this.dialog.close();
  }
}
