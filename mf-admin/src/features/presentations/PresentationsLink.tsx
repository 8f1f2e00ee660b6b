import { Link, useInRouterContext } from 'react-router-dom';

/** Where the admin manages presentations (a route of its own, reached from the Page walkthroughs page). */
export const PRESENTATIONS_PATH = '/admin-dashboard/presentations';

/** The Page walkthroughs page's link to Presentations (a plain link where no router is around, as in unit tests). */
export function PresentationsLink() {
  const routed = useInRouterContext();
  return routed ? <Link to={PRESENTATIONS_PATH}>Presentations</Link> : <a href={PRESENTATIONS_PATH}>Presentations</a>;
}
