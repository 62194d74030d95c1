// The look, light or dark, as the device or the user prefers. Loaded as a plain script in the
// page's head, before the page is drawn, so a dark page never flashes light: it sets <html
// data-theme> from this device's choice (localStorage "basket-theme": "light" or "dark"; none
// follows the system's prefers-color-scheme, and keeps following it as it changes), and wires the
// header's switch.

(() => {
  const KEY = 'basket-theme';
  const CHOICES = ['system', 'light', 'dark'];
  const THEME_COLORS = { light: '#cfe8c2', dark: '#151b14' };
  const media = window.matchMedia('(prefers-color-scheme: dark)');

  /** What this device chose: 'system', 'light' or 'dark' (storage may be refused: 'system'). */
  function chosen() {
    try {
      const value = localStorage.getItem(KEY);
      return CHOICES.includes(value) ? value : 'system';
    } catch {
      return 'system';
    }
  }

  function apply() {
    const choice = chosen();
    const theme = choice === 'system' ? (media.matches ? 'dark' : 'light') : choice;
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.themeChoice = choice;
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', THEME_COLORS[theme]);
    for (const button of document.querySelectorAll('#theme-switch [data-choice]')) {
      button.setAttribute('aria-pressed', String(button.dataset.choice === choice));
    }
  }

  function choose(choice) {
    try {
      if (choice === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, choice);
    } catch {
      // NB: a browser that keeps nothing still switches, for this visit.
      document.documentElement.dataset.themeChoice = choice;
    }
    apply();
  }

  apply();
  media.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) apply();
  });
  document.addEventListener('DOMContentLoaded', () => {
    apply();
    const switcher = document.getElementById('theme-switch');
    if (!switcher) return;
    switcher.addEventListener('click', (event) => {
      const button = event.target.closest('[data-choice]');
      if (button) choose(button.dataset.choice);
    });
  });
})();
