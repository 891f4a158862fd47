import { redirect } from 'react-router';

/** The empty path shows the home page at /home, as the original site did. */
export function loader() {
  return redirect('/home', 301);
}
