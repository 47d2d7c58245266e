'use strict';
// Calls to the /v1 API and the problems they answer.

/** The chosen tree's path under /v1, and an id as a path segment. */
const treePath = (suffix = '') => `/v1/trees/${encodeURIComponent(state.treeId)}${suffix}`;
const idPath = (id) => encodeURIComponent(id);

class ProblemError extends Error {
  constructor(status, problem) { super(problem.title || String(status)); this.status = status; this.problem = problem; }
}

async function api(method, path, body) {
  const headers = authorized({ Accept: 'application/json' });
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await readJSON(response);
  if (!response.ok) throw refusal(response, json);
  return json;
}

async function readJSON(response) {
  const text = await response.text();
  try { return text ? JSON.parse(text) : null; } catch (_) { return { title: response.statusText, detail: text }; }
}

/** The problem of a refused request; a 401 also asks for a token at the top of the page. */
function refusal(response, json) {
  const error = new ProblemError(response.status, json || { title: response.statusText });
  if (response.status === 401) showAccessProblem(error);
  return error;
}
