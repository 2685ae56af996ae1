// `/` focuses the search box from any page: the search page's own box, else the one in the header. Not while
// the reader types in a field or an editor (Monaco's is a textarea), and not with a modifier key held.
function typing(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || t.matches('input, textarea, select') || !!t.closest('.monaco-editor');
}

addEventListener('keydown', (e) => {
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(e.target)) return;
  const box =
    document.querySelector<HTMLInputElement>('sgs-search input[type=search]') ??
    document.querySelector<HTMLInputElement>('header.top input[type=search]');
  if (!box) return;
  e.preventDefault();
  box.focus();
  box.select();
});
