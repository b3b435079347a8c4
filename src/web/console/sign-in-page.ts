import type { AssetTable } from '../assets.js';
import { html } from '../markup/html.js';
import { consolePage, notice } from './console-layout.js';

/** What the sign-in page says: nothing yet, why the last attempt failed, or how long to wait. */
export interface SignInState {
  readonly name: string;
  readonly problem?: string;
  /** Where to go once signed in: a console path. */
  readonly next: string;
}

/** `GET /admin/sign-in`: name and password; the same message for an unknown name and a wrong password. */
export function signInPage(state: SignInState, base: string, assets: AssetTable): string {
  const main = html`<section class="console-narrow" aria-labelledby="sign-in-title">
<h1 id="sign-in-title">Sign in to the console</h1>
${notice(state.problem, 'error')}
<form class="console-form" method="post" action="/admin/sign-in">
<input type="hidden" name="next" value="${state.next}">
<div class="field"><label for="sign-in-name">Name</label><input id="sign-in-name" name="name" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${state.name}"></div>
<div class="field"><label for="sign-in-password">Password</label><input id="sign-in-password" name="password" type="password" autocomplete="current-password" required maxlength="1024"></div>
<p><button type="submit" class="btn">Sign in</button></p>
</form>
</section>`;
  return consolePage({ title: 'Sign in', section: '', base, path: '/admin/sign-in' }, undefined, assets, main);
}
