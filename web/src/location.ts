import { useEffect, useState } from 'react';

/** The page's place, read from the URL's hash (`#/skills/greet`): the server serves only `/`. */
export function useRoute(): string[] {
  const read = () =>
    location.hash.replace(/^#\/?/, '').split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** The hash link to a place: `href('skills', id)`. */
export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

/** Goes to a place. */
export function go(...parts: string[]): void {
  location.hash = href(...parts);
}
