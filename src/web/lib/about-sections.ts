/** Where the departments are: About's "Who does what" section (the old /department redirects there). */
export const WHO_DOES_WHAT_ID = 'who-does-what';
