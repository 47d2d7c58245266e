'use strict';
// The bearer token, when the service asks for one.

/** With `--auth-token-file` every call needs `Authorization: Bearer`. The token a person enters
 *  lives in this tab's session storage only: never in a URL, gone when the tab closes. */
const TOKEN_KEY = 'containment.token';
const token = () => sessionStorage.getItem(TOKEN_KEY) || '';
function authorized(headers) {
  if (token()) headers.Authorization = `Bearer ${token()}`;
  return headers;
}

/** Says why the service refused and what to do, once per refusal kind, with the token field ready. */
function showAccessProblem(error) {
  const problem = error.problem || {};
  const notice = $('#access-problem');
  const advice = problem.code === 'token_invalid'
    ? 'The service does not know this token. Check it and enter it again, or ask whoever runs the service for a new one.'
    : 'This service runs with access control (--auth-token-file). Enter your access token above: it stays in this tab only.';
  showTokenForm(true);
  // The page polls: a refusal already shown is not announced, nor focused, again.
  if (!notice.hidden && notice.dataset.code === problem.code) return;
  notice.dataset.code = problem.code;
  const head = document.createElement('strong');
  head.textContent = `${error.status} ${problem.title || 'Unauthorized'}`;
  notice.replaceChildren(head, [problem.detail, advice, `code: ${problem.code || '-'}`].filter(Boolean).join('\n'));
  notice.hidden = false;
  $('#access').elements.token.focus();
}

function showTokenForm(visible) {
  $('#access').hidden = !visible;
  $('#access-toggle').setAttribute('aria-expanded', String(visible));
}

function bindAccess() {
  const form = $('#access');
  $('#access-toggle').addEventListener('click', () => showTokenForm(form.hidden));
  form.addEventListener('submit', (submit) => {
    submit.preventDefault();
    const entered = form.elements.token.value.trim();
    if (entered) sessionStorage.setItem(TOKEN_KEY, entered); else sessionStorage.removeItem(TOKEN_KEY);
    form.elements.token.value = '';
    showTokenForm(false);
    $('#access-problem').hidden = true;
    $('#access-state').textContent = token() ? 'token set' : '';
    loadTrees();
    selectTree(state.treeId);
  });
  $('#forget-token').addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY);
    $('#access-state').textContent = '';
    selectTree(null);
    loadTrees();
  });
  if (token()) $('#access-state').textContent = 'token set';
}
