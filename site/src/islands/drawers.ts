// The sidebar and the page's contents are <details>, folded on a narrow screen; from the width each names
// (`data-open-from`) they are opened (docs.css already shows them there; this keeps the state honest for
// assistive technology and for browsers without ::details-content).
function wireDrawer(d: HTMLDetailsElement) {
  const wide = matchMedia(`(min-width: ${d.dataset.openFrom ?? '56rem'})`);
  const sync = () => {
    d.open = wide.matches;
  };
  sync();
  wide.addEventListener('change', sync);
}

const all = () => document.querySelectorAll<HTMLDetailsElement>('details.nav-drawer').forEach(wireDrawer);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', all);
else all();
