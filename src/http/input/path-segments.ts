/**
 * The path's first `count` segments as the router reads them: each percent-decoded on its own, a
 * malformed one left as sent, so that `/%61pi/slots` is `/api/slots` and a path the router refuses
 * still has its area.
 */
function leadingSegments(url: string, count: number): string[] {
  const [path = ''] = url.split('?', 1);
  return path.split('/', count).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/** The area of an `/api` path (`slots`, `admin`, …), or undefined for a path outside `/api`. */
export function apiArea(url: string): string | undefined {
  const [root, api, area] = leadingSegments(url, 3);
  return root === '' && api === 'api' ? area : undefined;
}
