// While any modal dialog is open, the page behind it (#app; dialogs are teleported to <body>)
// is inert: no clicks, no focus, hidden from screen readers. Counted, so nested dialogs work.
let open = 0;

function apply(): void {
  const app = document.getElementById('app');
  if (!app) return;
  if (open > 0) app.setAttribute('inert', '');
  else app.removeAttribute('inert');
}

export function holdPageInert(): () => void {
  open++;
  apply();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open--;
    apply();
  };
}
