import { redirect } from 'react-router';

/**
 * The old departments page. The departments are now About's "Who does what" section, without
 * numbers of their own: old links and bookmarks land there, with or without a department picked.
 */
export function loader() {
  // A fixed path, written out: every redirect's target is a literal or a checked one.
  return redirect('/about#who-does-what', 301);
}
