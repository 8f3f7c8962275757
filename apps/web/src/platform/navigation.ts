/** Lets non-React code (the API client) navigate through the router once it exists. */
let navigateFn: ((to: string) => void) | null = null;

export function bindNavigate(fn: (to: string) => void) {
  navigateFn = fn;
}

export function goTo(to: string) {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}
