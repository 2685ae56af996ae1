// Light or dark: the page follows the system (prefers-color-scheme) until the reader picks one with the toggle,
// which is remembered (localStorage). The choice is `data-theme` on <html>; the palette is CSS (light-dark()).
const KEY = 'sgs-theme';
type Theme = 'light' | 'dark';

function stored(): Theme | undefined {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : undefined;
  } catch {
    return undefined; // storage refused (private mode, file://): follow the system
  }
}

const system = (): Theme => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
const current = (): Theme => stored() ?? system();

function apply(theme: Theme | undefined) {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  for (const b of document.querySelectorAll<HTMLButtonElement>('button.theme-toggle'))
    b.setAttribute('aria-pressed', String((theme ?? system()) === 'dark'));
}

apply(stored());

function wireToggles() {
  for (const b of document.querySelectorAll<HTMLButtonElement>('button.theme-toggle')) {
    b.hidden = false;
    b.addEventListener('click', () => {
      const next: Theme = current() === 'dark' ? 'light' : 'dark';
      try {
        localStorage.setItem(KEY, next);
      } catch {
        /* not remembered, still applied */
      }
      apply(next);
    });
  }
  apply(stored());
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wireToggles);
else wireToggles();
// Another tab changed it.
addEventListener('storage', (e) => {
  if (e.key === KEY) apply(stored());
});
