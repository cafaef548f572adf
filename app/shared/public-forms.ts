/**
 * The field a public form's page adds once its script runs. A post without it came from
 * a page without JavaScript, and is answered on success with a redirect (post, redirect,
 * get), so a reload cannot send it twice.
 */
export const SCRIPTED_POST = "via-script";
