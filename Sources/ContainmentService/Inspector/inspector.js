'use strict';
// The Containment inspector: trees, their controller hierarchy and window wireframe, and the
// lifecycle timeline, all through the public /v1 API (no other server help).

const $ = (selector, root = document) => root.querySelector(selector);
const svgNS = 'http://www.w3.org/2000/svg';

const FAMILIES = {
  appearance: ['loadView', 'viewDidLoad', 'viewWillAppear', 'viewIsAppearing', 'viewDidAppear', 'viewWillDisappear', 'viewDidDisappear'],
  moves: ['willMove', 'didMove', 'transitionCompletion'],
  layout: ['viewWillLayoutSubviews', 'viewDidLayoutSubviews', 'viewWillTransition', 'willTransition', 'traitCollectionDidChange', 'traitChangeHandler',
    'preferredContentSizeDidChange', 'setNeedsStatusBarAppearanceUpdate', 'setNeedsUpdateOfHomeIndicatorAutoHidden',
    'setNeedsUpdateOfScreenEdgesDeferringSystemGestures'],
};
/** The lane of the scene delegate's callbacks (docs/uikit-rules-adaptivity.md, rule 37), which name no controller. */
const SCENE_LANE = 'scene';
function laneOf(event) { return event.controller || (event.callback ? SCENE_LANE : null); }
function familyOf(event) {
  if (event.warning || event.problem) return 'always';
  for (const [name, callbacks] of Object.entries(FAMILIES)) if (callbacks.includes(event.callback)) return name;
  return 'delegation';
}
const STATE_COLOURS = { appeared: '#1e8e3e', appearing: '#b06000', disappearing: '#a142f4', disappeared: '#80868b' };
const KIND_LABELS = { viewController: 'VC', navigationController: 'Nav', tabBarController: 'Tab',
  splitViewController: 'Split', pageViewController: 'Page', alertController: 'Alert', activityViewController: 'Share',
  imagePickerController: 'Picker', searchController: 'Search' };

/** Raw calls, one a line: method, a sample receiver, sample args (JSON). */
const RAW_METHODS = Object.fromEntries(`addChild root {"child":"map"}
removeFromParent map
willMove map {"toParent":null}
didMove map {"toParent":"root"}
beginAppearanceTransition map {"isAppearing":true,"animated":false}
endAppearanceTransition map
transition root {"from":"map","to":"list","duration":0.25,"options":["transitionFlipFromTop"]}
loadViewIfNeeded map
unloadView map
setNeedsStatusBarAppearanceUpdate root
pushViewController nav {"viewController":"detail","animated":true}
popViewController nav {"animated":true}
popToRootViewController nav {"animated":true}
popToViewController nav {"viewController":"list","animated":true}
setViewControllers nav {"viewControllers":["list"],"animated":false}
beginInteractivePop nav
updateInteractivePop nav {"percent":0.4}
finishInteractivePop nav
cancelInteractivePop nav
beginInteractiveSwipe book {"to":["page3","page4"],"direction":"forward"}
finishInteractiveSwipe book
cancelInteractiveSwipe book
setSelectedIndex tabs {"index":1}
setSelectedViewController tabs {"viewController":"settings"}
tapTabBarItem tabs {"index":1}
setTabs tabs {"tabs":[{"identifier":"home","viewController":"feed"},{"identifier":"lib","viewController":"find","children":[{"identifier":"search"}],"managingNavigationController":"nav"}],"animated":false}
setSelectedTab tabs {"identifier":"search"}
tapTab tabs {"identifier":"search"}
setMode tabs {"mode":"tabSidebar"}
sidebar.setHidden tabs {"hidden":false}
setCompactTabIdentifiers tabs {"identifiers":["home"]}
show list {"viewController":"detail","sender":"list"}
showDetailViewController list {"viewController":"detail"}
targetViewController list {"forAction":"showDetailViewController"}
setOverrideTraitCollection root {"collection":{"horizontalSizeClass":"regular"},"forChild":"split"}
setNeedsUpdateOfHomeIndicatorAutoHidden root
setNeedsUpdateOfScreenEdgesDeferringSystemGestures root
setViewController split {"viewController":"detail","column":"secondary"}
show split {"column":"primary"}
hide split {"column":"primary"}
show split {"column":"supplementary"}
addSubview content {"view":"map.view"}
insertSubview content {"view":"map.view","at":0}
removeFromSuperview map.view
layoutIfNeeded root.view
setFrame map.view {"frame":{"x":0,"y":0,"width":390,"height":400}}
makeKeyAndVisible window
setRootViewController window {"rootViewController":"root"}
setHidden window {"hidden":false}
setSize window {"size":{"width":844,"height":390}}
setHorizontalSizeClass window {"sizeClass":"regular"}
setActivationState window {"state":"background"}
tapOutsidePopover window {"shouldDismiss":true}
setActive search {"active":true}
tapSearchBar search
tapSearchBarCancelButton search
present root {"viewController":"list","animated":true}
dismiss root {"animated":true}
dragSheet sheet {"detentIdentifier":"large"}
animateChanges sheet {"selectedDetentIdentifier":"medium","prefersGrabberVisible":true}
performSegue list {"identifier":"showDetail","sender":null}
triggerSegue list {"identifier":"showDetail"}
runLoop window`.split('\n').map((line) => {
  const [method, receiver, args] = line.split(' ');
  return [method, { receiver, args: args && JSON.parse(args) }];
}));

const PRESETS = {
  container: {
    label: "Apple's container with a content view",
    note: 'The guide\'s container: a root with a `content` container view.',
    body: { id: 'demo', clock: 'manual', root: { id: 'root', title: 'Container',
      containerViews: [{ id: 'content', frame: { x: 0, y: 100, width: 390, height: 744 } }] } },
    detached: [{ id: 'map', title: 'Map' }, { id: 'list', title: 'List' }],
  },
  navigation: {
    label: 'Navigation stack',
    note: 'A navigation stack: list under detail.',
    body: { id: 'nav-demo', clock: 'manual', root: { id: 'nav', kind: 'navigationController',
      viewControllers: [{ id: 'list', title: 'List' }, { id: 'detail', title: 'Detail' }] } },
    detached: [{ id: 'more', title: 'More' }],
  },
  tabs: {
    label: 'Tab bar',
    note: 'Three tabs, the first selected.',
    body: { id: 'tab-demo', clock: 'manual', root: { id: 'tabs', kind: 'tabBarController', selectedIndex: 0,
      viewControllers: [{ id: 'first', title: 'First' }, { id: 'second', title: 'Second' }, { id: 'third', title: 'Third' }] } },
    detached: [],
  },
  tunnel: {
    label: 'Tunnel (top and bottom containers)',
    note: 'The Tunnel app: maps in topContainer and bottomContainer, to flip to places (transitionFlipFromTop).',
    body: { id: 'tunnel', clock: 'manual', root: { id: 'root', title: 'Tunnel',
      containerViews: [{ id: 'topContainer', frame: { x: 0, y: 0, width: 390, height: 422 } },
        { id: 'bottomContainer', frame: { x: 0, y: 422, width: 390, height: 422 } }],
      children: [
        { id: 'startMap', title: 'Start map', containerView: 'topContainer', frame: { x: 0, y: 0, width: 390, height: 422 } },
        { id: 'targetMap', title: 'Target map', containerView: 'bottomContainer', frame: { x: 0, y: 0, width: 390, height: 422 } }] } },
    detached: [{ id: 'startGeo', title: 'Start place' }, { id: 'targetGeo', title: 'Target place' }],
  },
  storyboard: {
    label: 'Storyboard (segues, overrides, a custom card)',
    note: 'A navigation controller whose list has a show segue to detail, a present segue to form that '
      + 'shouldPerformSegue refuses, and unwindToList; detail overrides viewDidAppear to update the status '
      + 'bar; card is for the custom presentation style.',
    body: { id: 'storyboard', clock: 'manual', root: { id: 'nav', kind: 'navigationController', viewControllers: [
      { id: 'list', title: 'List', unwindActions: { unwindToList: true },
        segues: [{ identifier: 'showDetail', kind: 'show', destination: 'detail' },
          { identifier: 'compose', kind: 'present', destination: 'form', shouldPerform: false }] }] } },
    detached: [
      { id: 'detail', title: 'Detail', segues: [{ identifier: 'done', kind: 'unwind', action: 'unwindToList' }],
        overrides: { viewDidAppear: [{ receiver: 'detail', method: 'setNeedsStatusBarAppearanceUpdate' }] } },
      { id: 'form', title: 'Form', modalPresentationStyle: 'fullScreen',
        segues: [{ identifier: 'cancel', kind: 'unwind', action: 'unwindToList' }] },
      { id: 'card', title: 'Card' }],
  },
};

const state = {
  trees: [], treeId: null, tree: null, events: new Map(), problems: [], stream: null,
  selected: null, selectedSeq: null, selectedBatch: null, refreshTimer: null, catchingUp: false,
};

// MARK: HTTP

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

// MARK: access

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

const treePath = (suffix = '') => `/v1/trees/${encodeURIComponent(state.treeId)}${suffix}`;
const idPath = (id) => encodeURIComponent(id);

// MARK: trees

async function loadTrees() {
  try {
    const page = await api('GET', '/v1/trees?limit=1000');
    state.trees = page.trees;
  } catch (error) { setStatus(`trees: ${error.message}`); return; }
  renderTreeList();
}

function renderTreeList() {
  // Polled: rebuilt only on change, so focus survives.
  const key = JSON.stringify([state.treeId, state.trees]);
  if (key === state.treeListKey) return;
  state.treeListKey = key;
  const list = $('#tree-list');
  list.replaceChildren();
  for (const tree of state.trees) {
    const item = document.createElement('li');
    if (tree.id === state.treeId) item.setAttribute('aria-current', 'true');
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = tree.id;
    open.addEventListener('click', () => selectTree(tree.id));
    const facts = document.createElement('span');
    facts.className = 'small muted';
    facts.textContent = `${tree.clock} clock · ${tree.controllerCount} controllers · seq ${tree.lastSeq}`;
    item.append(open, facts);
    list.append(item);
  }
  if (!state.trees.length) {
    const empty = document.createElement('li');
    empty.className = 'muted small';
    empty.textContent = 'No trees yet: create one below.';
    list.append(empty);
  }
}

function selectTree(id) {
  if (state.stream) { state.stream.abort(); state.stream = null; }
  clearTimeout(state.refreshTimer);
  state.treeId = id || null;
  state.tree = null;
  state.events = new Map();
  state.problems = [];
  state.selected = null;
  state.selectedSeq = null;
  state.selectedBatch = null;
  renderTreeList();
  renderAll();
  if (!state.treeId) { setStatus('no tree selected'); return; }
  openStream();
  refreshTree();
}

/** The tree's live events as NDJSON read through `fetch`, so the token goes along (EventSource
 *  cannot send `Authorization`); after a break it reconnects from the last seq it has, as
 *  EventSource would. */
function openStream() {
  const id = state.treeId;
  const stream = new AbortController();
  state.stream = stream;
  const pause = () => new Promise((resolve) => { setTimeout(resolve, 1000); });
  const onLine = (line) => {
    if (line.heartbeat) return null;
    if (line.reset) { state.events = new Map(); renderTimeline(); return null; }
    if (line.treeDeleted) {
      setStatus(`tree ${id} was deleted`);
      selectTree(null);
      loadTrees();
      return 'ended';
    }
    if (line.shutdown) { setStatus('the service is shutting down'); return 'ended'; }
    addEvents([line]);
    scheduleRefresh();
    return null;
  };
  (async () => {
    while (!stream.signal.aborted) {
      try {
        const response = await fetch(treePath(`/events?after=${maxSeq()}`),
          { headers: authorized({ Accept: 'application/x-ndjson' }), signal: stream.signal, cache: 'no-store' });
        if (!response.ok) {
          const error = refusal(response, await readJSON(response));
          setStatus(`stream: ${error.status} ${error.problem.title || ''}`.trim());
          if (response.status === 401 || response.status === 404) return;
        } else {
          setStatus(`live: ${id}`);
          if (await readLines(response.body, onLine) === 'ended') return;
          if (!stream.signal.aborted) setStatus(`stream of ${id} broke: reconnecting`);
        }
      } catch (_) {
        if (stream.signal.aborted) return;
        setStatus(`stream of ${id} broke: reconnecting`);
      }
      await pause();
    }
  })();
}

/** Calls `onLine` with each JSON line of `body` until it returns a value, which is returned;
 *  undefined when the body ends or breaks first. */
async function readLines(body, onLine) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffered += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        const outcome = line ? onLine(JSON.parse(line)) : null;
        if (outcome) { reader.cancel(); return outcome; }
      }
    }
  } catch (_) { return undefined; }
}

function scheduleRefresh() {
  clearTimeout(state.refreshTimer);
  state.refreshTimer = setTimeout(refreshTree, 60);
}

/** Reads the tree again. The browser revalidates by ETag (a 304 costs no body); an unchanged
 *  tree is not redrawn, so polling catches changes that deliver no event (a detached
 *  controller created elsewhere) at little cost. */
async function refreshTree() {
  const id = state.treeId;
  if (!id) return;
  try {
    const response = await fetch(treePath(), { cache: 'no-cache', headers: authorized({ Accept: 'application/json' }) });
    if (!response.ok) throw refusal(response, await readJSON(response));
    const tag = response.headers.get('ETag');
    if (id !== state.treeId || (tag && tag === state.treeTag && state.tree)) return;
    state.treeTag = tag;
    const tree = await response.json();
    if (id !== state.treeId) return;
    const first = !state.tree;
    state.tree = tree;
    if (first && tree.window.rootViewController) prefill(tree.window.rootViewController);
  } catch (error) {
    if (error.status === 404) { selectTree(null); loadTrees(); return; }
    setStatus(`tree: ${error.message}`);
    return;
  }
  renderAll();
  catchUp();
}

/** Fetches events the stream did not name (new callback names): the tree's lastSeq says they exist. */
async function catchUp() {
  if (state.catchingUp || !state.tree) return;
  const known = maxSeq();
  if (state.tree.lastSeq <= known) return;
  state.catchingUp = true;
  try {
    const page = await api('GET', treePath(`/events?after=${known}&limit=1000`));
    addEvents(page.events);
  } catch (_) { /* the stream will bring them */ } finally { state.catchingUp = false; }
}

function maxSeq() { let max = 0; for (const seq of state.events.keys()) max = Math.max(max, seq); return max; }

function addEvents(events) {
  let added = false;
  for (const event of events || []) {
    if (!event || typeof event.seq !== 'number' || event.tree !== state.treeId) continue;
    if (!state.events.has(event.seq)) { state.events.set(event.seq, event); added = true; }
  }
  if (added && !state.timelineFrame) {
    // A replay brings many messages at once: one drawing per frame.
    state.timelineFrame = requestAnimationFrame(() => { state.timelineFrame = 0; renderTimeline(); });
  }
}

function setStatus(text) { $('#stream-status').textContent = text; }

// MARK: forms and actions

function formValue(form, name) { const field = form.elements[name]; return field ? field.value.trim() : ''; }
function optionalNumber(form, name) { const text = formValue(form, name); return text === '' ? undefined : Number(text); }

/** Runs an action for `form`: its problem (status, UIKit's exception title, field) shows there. */
async function perform(form, action) {
  const output = $('.problem', form);
  output.replaceChildren();
  const buttons = form.querySelectorAll('button');
  buttons.forEach((button) => { button.disabled = true; });
  try {
    const answer = await action();
    if (answer && answer.events) addEvents(answer.events);
    await refreshTree();
    return answer;
  } catch (error) {
    showProblem(output, error);
    return null;
  } finally {
    buttons.forEach((button) => { button.disabled = false; });
  }
}

function showProblem(output, error) {
  const problem = error.problem || { title: error.message };
  const head = document.createElement('strong');
  head.textContent = `${error.status || ''} ${problem.title || ''}`.trim();
  const lines = [problem.detail];
  if (problem.field) lines.push(`field: ${problem.field}`);
  if (problem.code) lines.push(`code: ${problem.code}`);
  if (problem.callIndex !== undefined) lines.push(`failing call: #${problem.callIndex} (${problem.applied || 0} applied before it)`);
  if (problem.overrideStack) {
    lines.push(`inside overrides: ${problem.overrideStack.map((frame) => `${frame.controller}.${frame.callback} #${frame.call}`).join(' → ')}`);
  }
  output.append(head, lines.filter(Boolean).join('\n'));
  if (problem.events) addEvents(problem.events);
  if (state.treeId) {
    state.problems.push({ problem: true, afterSeq: maxSeq(), title: head.textContent, detail: problem.detail || '', field: problem.field });
    renderTimeline();
  }
}

function requireTree() {
  if (!state.treeId) throw new ProblemError(0, { title: 'No tree selected', detail: 'Create or choose a tree first.' });
}

function calls(list) { requireTree(); return api('POST', treePath('/calls'), { calls: list }); }

function bindForms() {
  // Each action's problems show under it, announced (role alert) as they come.
  for (const form of document.querySelectorAll('form.action')) {
    const output = document.createElement('p');
    output.className = 'problem';
    output.setAttribute('role', 'alert');
    form.append(output);
  }
  const on = (id, handler) => $(id).addEventListener('submit', (submit) => {
    submit.preventDefault();
    const form = submit.currentTarget;
    perform(form, () => handler(form, submit.submitter ? submit.submitter.value : ''));
  });

  on('#create-tree', async (form) => {
    let body;
    try { body = JSON.parse(form.elements.spec.value || '{}'); } catch (error) {
      throw new ProblemError(0, { title: 'Spec is not JSON', detail: error.message, field: 'spec' });
    }
    const answer = await api('POST', '/v1/trees', body);
    const id = answer.tree.id;
    const preset = PRESETS[form.elements.preset.value];
    selectTree(id);
    if (preset && form.elements.detached.checked) {
      for (const spec of preset.detached) {
        const created = await api('POST', `/v1/trees/${idPath(id)}/controllers`, spec);
        addEvents(created.events);
      }
    }
    await loadTrees();
    return answer;
  });
  $('#delete-tree').addEventListener('click', () => perform($('#create-tree'), async () => {
    requireTree();
    const id = state.treeId;
    // Let go of the tree first: its stream and a refresh it schedules would ask after it.
    selectTree(null);
    await api('DELETE', `/v1/trees/${idPath(id)}`);
    await loadTrees();
    setStatus(`deleted ${id}`);
  }));

  on('#add-child', (form) => {
    requireTree();
    const body = { child: formValue(form, 'child'), animated: form.elements.animated.checked };
    if (formValue(form, 'containerView')) body.containerView = formValue(form, 'containerView');
    const frame = ['x', 'y', 'width', 'height'].map((name) => optionalNumber(form, name));
    if (frame.some((value) => value !== undefined)) {
      body.frame = { x: frame[0] || 0, y: frame[1] || 0, width: frame[2] || 0, height: frame[3] || 0 };
    }
    return api('POST', treePath(`/controllers/${idPath(formValue(form, 'parent'))}/children`), body);
  });
  on('#remove-child', (form) => {
    requireTree();
    return api('DELETE', treePath(`/controllers/${idPath(formValue(form, 'parent'))}/children/${idPath(formValue(form, 'child'))}`));
  });
  on('#transition', (form) => {
    requireTree();
    const body = { from: formValue(form, 'from'), to: formValue(form, 'to') };
    const duration = optionalNumber(form, 'duration');
    if (duration !== undefined) body.duration = duration;
    const options = formValue(form, 'options').split(',').map((option) => option.trim()).filter(Boolean);
    if (options.length) body.options = options;
    return api('POST', treePath(`/controllers/${idPath(formValue(form, 'parent'))}/transitions`), body);
  });
  on('#create-controller', (form) => {
    requireTree();
    const body = { id: formValue(form, 'id'), kind: form.elements.kind.value };
    if (formValue(form, 'title')) body.title = formValue(form, 'title');
    return api('POST', treePath('/controllers'), body);
  });
  on('#navigation', (form, method) => {
    if (method === 'navigationControllerDelegate') {
      requireTree();
      return api('PATCH', treePath(`/controllers/${idPath(formValue(form, 'receiver'))}`), { navigationControllerDelegate: true });
    }
    const args = { animated: form.elements.animated.checked };
    if (method === 'pushViewController') args.viewController = formValue(form, 'viewController');
    return calls([{ receiver: formValue(form, 'receiver'), method, args }]);
  });
  on('#tabs', (form, method) => {
    if (method === 'tabBarControllerDelegate') {
      requireTree();
      return api('PATCH', treePath(`/controllers/${idPath(formValue(form, 'receiver'))}`), { tabBarControllerDelegate: true });
    }
    if (method === 'showSidebar' || method === 'hideSidebar') {
      return calls([{ receiver: formValue(form, 'receiver'), method: 'sidebar.setHidden', args: { hidden: method === 'hideSidebar' } }]);
    }
    return calls([{ receiver: formValue(form, 'receiver'),
      method: method === 'more' ? 'setSelectedViewController' : method || 'setSelectedIndex',
      args: method === 'more' ? { viewController: `${formValue(form, 'receiver')}.more` }
        : method === 'setSelectedViewController' ? { viewController: formValue(form, 'viewController') }
          : /Tab$/.test(method) ? { identifier: formValue(form, 'identifier') } : { index: Number(formValue(form, 'index')) } }]);
  });
  on('#routing', async (form, method) => {
    const receiver = formValue(form, 'receiver');
    const args = method === 'targetViewController' ? { forAction: 'show' } : { viewController: formValue(form, 'viewController'), sender: receiver };
    const answer = await calls([{ receiver, method, args }]);
    $('#routing-result').textContent = method === 'targetViewController'
      ? `target for show from ${receiver}: ${answer.results && answer.results[0] ? answer.results[0] : 'none (it would present)'}` : '';
    return answer;
  });
  on('#traits', (form) => {
    const sizeClass = form.elements.sizeClass.value;
    return calls([{ receiver: formValue(form, 'receiver'), method: 'setOverrideTraitCollection',
      args: { collection: sizeClass ? { horizontalSizeClass: sizeClass } : null, forChild: formValue(form, 'forChild') } }]);
  });
  on('#trait-hierarchy', (form, method) => {
    requireTree();
    const sizeClass = form.elements.sizeClass.value;
    const body = method === 'registerForTraitChanges' ? { registerForTraitChanges: sizeClass ? ['horizontalSizeClass'] : null }
      : { traitOverrides: sizeClass ? { horizontalSizeClass: sizeClass } : null };
    return api('PATCH', treePath(`/controllers/${idPath(formValue(form, 'receiver'))}`), body);
  });
  on('#split', (form, method) => {
    const args = { column: form.elements.column.value };
    if (method === 'setViewController') args.viewController = formValue(form, 'viewController');
    return calls([{ receiver: formValue(form, 'receiver'), method, args }]);
  });
  on('#window', (form, method) => {
    const size = { width: Number(formValue(form, 'width')), height: Number(formValue(form, 'height')) };
    if (method === 'setSize') return calls([{ receiver: 'window', method, args: { size } }]);
    if (method === 'rotate') return calls([{ receiver: 'window', method: 'setSize', args: { size, horizontalSizeClass: form.elements.sizeClass.value } }]);
    if (method === 'setActivationState') return calls([{ receiver: 'window', method, args: { state: form.elements.state.value } }]);
    return calls([{ receiver: 'window', method, args: { sizeClass: form.elements.sizeClass.value } }]);
  });
  on('#calls', (form) => {
    requireTree();
    let body;
    try { body = JSON.parse(form.elements.body.value); } catch (error) {
      throw new ProblemError(0, { title: 'Body is not JSON', detail: error.message, field: 'body' });
    }
    return api('POST', treePath('/calls'), body);
  });
  on('#clock', (form) => advanceClock(Number(formValue(form, 'advance'))));
  $('#clock-step').addEventListener('click', () => perform($('#clock'), () => {
    const tree = state.tree;
    if (!tree || !tree.nextDueTime) throw new ProblemError(0, { title: 'Nothing is due', detail: 'No transition is running.' });
    return advanceClock((Date.parse(tree.nextDueTime) - Date.parse(tree.time)) / 1000);
  }));

  const methods = $('#call-methods');
  for (const name of Object.keys(RAW_METHODS)) methods.append(new Option(name, name));
  $('#insert-call').addEventListener('click', () => {
    const area = $('#calls').elements.body;
    let body;
    try { body = JSON.parse(area.value); } catch (_) { body = { calls: [] }; }
    if (!Array.isArray(body.calls)) body.calls = [];
    const template = RAW_METHODS[methods.value];
    const call = { receiver: template.receiver, method: methods.value };
    if (template.args) call.args = template.args;
    body.calls.push(call);
    area.value = JSON.stringify(body, null, 1);
  });
  $('#calls').elements.body.value = JSON.stringify({ calls: [{ receiver: 'root', method: 'addChild', args: { child: 'map' } },
    { receiver: 'content', method: 'addSubview', args: { view: 'map.view' } },
    { receiver: 'map', method: 'didMove', args: { toParent: 'root' } }] }, null, 1);

  const presets = $('#preset');
  for (const [key, preset] of Object.entries(PRESETS)) presets.append(new Option(preset.label, key));
  const applyPreset = () => {
    const preset = PRESETS[presets.value];
    $('#create-tree').elements.spec.value = JSON.stringify(preset.body, null, 1);
    $('#preset-note').textContent = preset.note + (preset.detached.length
      ? ` Detached: ${preset.detached.map((spec) => spec.id).join(', ')}.` : '');
  };
  presets.addEventListener('change', applyPreset);
  applyPreset();
}

/** Moves a manual clock; rounding to whole milliseconds keeps a step landing on the due time. */
function advanceClock(seconds) {
  requireTree();
  return api('POST', treePath('/clock'), { advance: Math.max(0, Math.round(seconds * 1000) / 1000) });
}

/** Prefills the forms from the selected controller, so one click acts on it. */
function prefill(id) {
  const tree = state.tree;
  const controller = tree && tree.controllers[id];
  if (!controller) return;
  const set = (form, name, value) => { const field = $(form).elements[name]; if (field && value !== undefined && value !== null) field.value = value; };
  if (controller.parent) {
    set('#remove-child', 'parent', controller.parent); set('#remove-child', 'child', id);
    set('#transition', 'parent', controller.parent); set('#transition', 'from', id);
  }
  if (controller.children.length || controller.containerViews.length || id === tree.window.rootViewController) {
    set('#add-child', 'parent', id);
    set('#transition', 'parent', id);
    if (controller.kind === 'viewController' && controller.containerViews.length) set('#add-child', 'containerView', controller.containerViews[0]);
  } else if (!controller.parent) {
    set('#add-child', 'child', id); set('#transition', 'to', id);
  }
  const kindForm = { navigationController: '#navigation', tabBarController: '#tabs', splitViewController: '#split' }[controller.kind];
  if (kindForm) set(kindForm, 'receiver', id);
  set('#overrides', 'controller', id);
  if (controller.segues && controller.segues.length) {
    set('#segue', 'receiver', id);
    set('#segue', 'identifier', controller.segues[0].identifier);
  }
  if (controller.appearance === 'appeared') set('#custom-presentation', 'presenter', id);
  else if (!controller.parent && !controller.presentingViewController) set('#custom-presentation', 'presented', id);
}

/** The forms of rules 40 and 44–46: an override as a PATCH, a segue as a raw call, a
 *  presentation with the custom style and a transitioning delegate. */
function bindCallbackForms() {
  const on = (id, handler) => $(id).addEventListener('submit', (submit) => {
    submit.preventDefault();
    const form = submit.currentTarget;
    perform(form, () => handler(form, submit.submitter ? submit.submitter.value : ''));
  });
  on('#overrides', (form, action) => {
    requireTree();
    const callback = form.elements.callback.value;
    let list = null;
    if (action !== 'remove') {
      try { list = JSON.parse(form.elements.calls.value); } catch (error) {
        throw new ProblemError(0, { title: 'Calls are not JSON', detail: error.message, field: 'calls' });
      }
    }
    return api('PATCH', treePath(`/controllers/${idPath(formValue(form, 'controller'))}`), { overrides: { [callback]: list } });
  });
  on('#segue', (form, method) => {
    const args = { identifier: formValue(form, 'identifier') };
    if (formValue(form, 'sender')) args.sender = formValue(form, 'sender');
    return calls([{ receiver: formValue(form, 'receiver'), method, args }]);
  });
  on('#popover', async (form, method) => {
    if (method === 'tapOutsidePopover') {
      return calls([{ receiver: 'window', method, args: { shouldDismiss: form.elements.shouldDismiss.checked } }]);
    }
    requireTree();
    const anchor = {};
    if (formValue(form, 'sourceView')) anchor.sourceView = formValue(form, 'sourceView');
    if (formValue(form, 'barButtonItem')) anchor.barButtonItem = formValue(form, 'barButtonItem');
    const presented = formValue(form, 'presented');
    const patched = await api('PATCH', treePath(`/controllers/${idPath(presented)}`),
      { modalPresentationStyle: 'popover', popoverPresentationController: Object.keys(anchor).length ? anchor : null });
    if (patched && patched.events) addEvents(patched.events);
    return calls([{ receiver: formValue(form, 'presenter'), method: 'present',
      args: { viewController: presented, animated: form.elements.animated.checked } }]);
  });
  on('#search', (form) => {
    requireTree();
    return api('PATCH', treePath(`/controllers/${idPath(formValue(form, 'content'))}`), { navigationItem: { searchController: formValue(form, 'search') } });
  });
  on('#custom-presentation', async (form) => {
    requireTree();
    const delegate = { transitionDuration: optionalNumber(form, 'duration') ?? 0.5,
      presentationController: { shouldRemovePresentersView: form.elements.removes.checked } };
    const presented = formValue(form, 'presented');
    const patched = await api('PATCH', treePath(`/controllers/${idPath(presented)}`),
      { modalPresentationStyle: 'custom', transitioningDelegate: delegate });
    if (patched && patched.events) addEvents(patched.events);
    return calls([{ receiver: formValue(form, 'presenter'), method: 'present',
      args: { viewController: presented, animated: form.elements.animated.checked } }]);
  });
}

// MARK: hierarchy

function renderAll() { renderHierarchy(); renderWireframe(); renderTimeline(); renderClock(); renderIdLists(); }

function renderIdLists() {
  const tree = state.tree;
  const controllers = tree ? Object.keys(tree.controllers).sort() : [];
  const views = tree ? Object.keys(tree.views).filter((id) => id !== 'window').sort() : [];
  $('#controller-ids').replaceChildren(...controllers.map((id) => new Option(id)));
  $('#view-ids').replaceChildren(...views.map((id) => new Option(id)));
}

function renderClock() {
  const form = $('#clock');
  const tree = state.tree;
  form.hidden = !tree || tree.clock !== 'manual';
  if (form.hidden) return;
  const due = tree.nextDueTime
    ? `next due ${tree.nextDueTime} (in ${((Date.parse(tree.nextDueTime) - Date.parse(tree.time)) / 1000).toFixed(3)} s)`
    : 'nothing running';
  $('#clock-info').textContent = `Manual clock at ${tree.time || '?'} · ${due}`;
  $('#clock-step').disabled = !tree.nextDueTime;
}

function renderHierarchy() {
  const outline = $('#outline');
  const tree = state.tree;
  // Redrawn on every change: the keyboard focus moves to the same controller's new item.
  const focusedId = outline.contains(document.activeElement) ? document.activeElement.dataset.id : null;
  outline.replaceChildren();
  const info = $('#window-info');
  if (!tree) { info.textContent = state.treeId ? 'loading…' : 'Choose or create a tree.'; $('#controller-detail').textContent = ''; return; }
  const window = tree.window;
  const bar = window.statusBar;
  info.textContent = `Window ${window.size.width}×${window.size.height} · ${window.horizontalSizeClass} width · `
    + `${window.visible ? 'visible' : 'hidden'} · status bar ${bar.hidden ? 'hidden' : bar.style}`
    + ` (style decided by ${bar.decidedBy || 'nobody'}${bar.hiddenDecidedBy ? `, hidden by ${bar.hiddenDecidedBy}` : ''})`
    + (window.activationState ? ` · scene ${window.activationState}` : '')
    + (window.homeIndicator && window.homeIndicator.autoHidden ? ` · home indicator hidden by ${window.homeIndicator.decidedBy}` : '');
  const shown = new Set();
  const build = (id, list, relation) => {
    const controller = tree.controllers[id];
    if (!controller || shown.has(id)) return;
    shown.add(id);
    const item = document.createElement('li');
    item.setAttribute('role', 'treeitem');
    item.dataset.id = id;
    item.tabIndex = -1;
    item.setAttribute('aria-selected', String(id === state.selected));
    const line = document.createElement('div');
    line.className = `item s-${controller.appearance}`;
    const kind = document.createElement('span');
    kind.className = 'kind';
    kind.textContent = KIND_LABELS[controller.kind] || controller.kind;
    const name = document.createElement('strong');
    name.textContent = id;
    line.append(kind, name);
    if (controller.title) line.append(tag(`“${controller.title}”`));
    if (controller.overrides) line.append(tag(`overrides ${Object.keys(controller.overrides).sort().join(' ')}`, 'override'));
    if (controller.segues) line.append(tag(`segues ${controller.segues.map((segue) => segue.identifier).join(' ')}`, 'segue'));
    if (controller.modalPresentationStyle === 'custom') line.append(tag('custom style', 'present'));
    if (relation) line.append(tag(relation, 'present'));
    const sheet = controller.sheetPresentationController;
    if (sheet && ['pageSheet', 'formSheet'].includes(controller.presentationStyle)) {
      line.append(tag(`detent ${sheet.selectedDetentIdentifier} of ${sheet.detents.join(' ')}`, 'present'));
    }
    line.append(tag(controller.appearance, `state s-${controller.appearance}`));
    line.append(tag(controller.isViewLoaded ? 'loaded' : 'not loaded'));
    for (const flag of ['isMovingToParent', 'isMovingFromParent', 'isBeingPresented', 'isBeingDismissed']) {
      if (controller[flag]) line.append(tag(flag, 'moving'));
    }
    item.append(line);
    const sub = document.createElement('ul');
    sub.setAttribute('role', 'group');
    for (const child of controller.children) build(child, sub, '');
    // A child reports its ancestor's presentation too: nest under the presenter.
    const presented = tree.controllers[controller.presentedViewController];
    if (presented && (presented.presentingViewController || id) === id) build(controller.presentedViewController, sub, 'presented');
    if (sub.children.length) { item.setAttribute('aria-expanded', 'true'); item.append(sub); }
    list.append(item);
  };
  if (window.rootViewController) build(window.rootViewController, outline, 'root');
  const detached = Object.keys(tree.controllers).filter((id) => !shown.has(id) && !tree.controllers[id].parent).sort();
  if (detached.length) {
    const group = document.createElement('li');
    group.className = 'group';
    group.setAttribute('role', 'none');
    group.textContent = 'Detached';
    outline.append(group);
    for (const id of detached) build(id, outline, '');
  }
  for (const id of Object.keys(tree.controllers).sort()) build(id, outline, '');
  const items = [...outline.querySelectorAll('[role=treeitem]')];
  const focused = items.find((item) => item.dataset.id === (focusedId || state.selected)) || items[0];
  if (focused) focused.tabIndex = 0;
  if (focused && focusedId) focused.focus();
  const controller = tree.controllers[state.selected];
  $('#controller-detail').textContent = controller ? JSON.stringify(controller, null, 1) : '';
}

function tag(text, className = '') {
  const span = document.createElement('span');
  span.className = `tag ${className}`.trim();
  span.textContent = text;
  return span;
}

function selectController(id, focus) {
  state.selected = id;
  prefill(id);
  renderHierarchy();
  renderWireframe();
  if (focus) { const item = $(`#outline [data-id="${CSS.escape(id)}"]`); if (item) item.focus(); }
}

function bindOutline() {
  const outline = $('#outline');
  outline.addEventListener('click', (click) => {
    const item = click.target.closest('[role=treeitem]');
    if (item) selectController(item.dataset.id, true);
  });
  outline.addEventListener('keydown', (key) => {
    const items = [...outline.querySelectorAll('[role=treeitem]')];
    const index = items.indexOf(document.activeElement);
    if (index < 0) return;
    let next = null;
    if (key.key === 'ArrowDown') next = items[index + 1];
    else if (key.key === 'ArrowUp') next = items[index - 1];
    else if (key.key === 'Home') next = items[0];
    else if (key.key === 'End') next = items[items.length - 1];
    else if (key.key === 'Enter' || key.key === ' ') { selectController(items[index].dataset.id, true); key.preventDefault(); return; }
    if (!next) return;
    key.preventDefault();
    items.forEach((item) => { item.tabIndex = -1; });
    next.tabIndex = 0;
    next.focus();
  });
}

// MARK: wireframe

function svg(name, attributes = {}, text) {
  const element = document.createElementNS(svgNS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function renderWireframe() {
  const canvas = $('#wireframe');
  canvas.replaceChildren();
  const tree = state.tree;
  if (!tree) return;
  const { width, height } = tree.window.size;
  const w = Math.max(width, 1), h = Math.max(height, 1);
  canvas.setAttribute('viewBox', `-4 -4 ${w + 8} ${h + 8}`);
  const unit = Math.max(w, h) / 400;
  canvas.append(svg('rect', { x: 0, y: 0, width: w, height: h, fill: tree.window.visible ? '#fff' : '#eee', stroke: '#20242b', 'stroke-width': 2 * unit, rx: 6 * unit }));
  const bar = tree.window.statusBar;
  if (!bar.hidden) {
    canvas.append(svg('rect', { x: 0, y: 0, width: w, height: 20 * unit, fill: bar.style === 'lightContent' ? '#20242b' : '#e8eaed' }));
    canvas.append(svg('text', { x: w - 6 * unit, y: 14 * unit, 'text-anchor': 'end', 'font-size': 11 * unit, fill: bar.style === 'lightContent' ? '#fff' : '#20242b' },
      `status bar: ${bar.style} (${bar.decidedBy || 'window'})`));
  }
  const owners = {};
  for (const [id, controller] of Object.entries(tree.controllers)) for (const view of controller.containerViews || []) owners[view] = id;
  const labels = [];
  const draw = (viewId, originX, originY) => {
    const view = tree.views[viewId];
    if (!view) return;
    const x = originX + view.frame.x, y = originY + view.frame.y;
    if (viewId !== 'window') {
      const owner = view.owner ? tree.controllers[view.owner] : null;
      const controllerId = view.owner || owners[viewId];
      const colour = owner ? STATE_COLOURS[owner.appearance] || '#5f6368' : '#5f6368';
      const group = svg('g', { class: `view${controllerId === state.selected ? ' selected' : ''}`, tabindex: 0, role: 'button',
        'data-controller': controllerId || '', 'aria-label': `${viewId}${controllerId ? `, selects ${controllerId}` : ''}` });
      group.append(svg('title', {}, `${viewId} ${view.frame.x},${view.frame.y} ${view.frame.width}×${view.frame.height}`
        + (view.owner ? ` (root view of ${view.owner}, ${owner.appearance})` : ` (container view of ${controllerId || '?'})`)));
      group.append(svg('rect', { x, y, width: view.frame.width, height: view.frame.height, fill: owner ? colour : 'none',
        'fill-opacity': owner ? 0.08 : 0, stroke: colour, 'stroke-width': (owner ? 2 : 1.5) * unit,
        'stroke-dasharray': owner ? 'none' : `${6 * unit} ${4 * unit}` }));
      // Root views labelled at their foot, container views at their head (a child's root view
      // often fills its container view); labels that would overlap stack.
      let labelY = view.owner ? y + view.frame.height - 5 * unit : y + 14 * unit;
      while (labels.some(([lx, ly]) => Math.abs(lx - x) < 120 * unit && Math.abs(ly - labelY) < 12 * unit)) labelY += (view.owner ? -13 : 13) * unit;
      labels.push([x, labelY]);
      group.append(svg('text', { x: x + 4 * unit, y: labelY, 'font-size': 11 * unit, fill: colour },
        view.owner ? `${view.owner}.view (${owner.appearance})` : viewId));
      canvas.append(group);
    }
    for (const subview of view.subviews) draw(subview, x, y);
  };
  draw('window', 0, 0);
}

function bindWireframe() {
  const canvas = $('#wireframe');
  const pick = (target) => {
    const group = target.closest && target.closest('.view');
    if (group && group.dataset.controller) selectController(group.dataset.controller, false);
  };
  canvas.addEventListener('click', (click) => pick(click.target));
  canvas.addEventListener('keydown', (key) => { if (key.key === 'Enter' || key.key === ' ') { key.preventDefault(); pick(key.target); } });
}

// MARK: timeline

function filters() {
  const form = $('.filters');
  const on = {};
  for (const input of form.querySelectorAll('input')) on[input.name] = input.checked;
  return on;
}

function visibleEvents() {
  const on = filters();
  return [...state.events.values()].sort((a, b) => a.seq - b.seq).filter((event) => familyOf(event) === 'always' || on[familyOf(event)]);
}

/** Events grouped by batch, each group in seq order, with the page's own problems after the
 *  event they followed. */
function groupedRows(events) {
  const rows = [];
  let batch = null;
  const problems = [...state.problems];
  const flushProblems = (upTo) => {
    while (problems.length && problems[0].afterSeq <= upTo) rows.push({ type: 'problem', item: problems.shift() });
  };
  for (const event of events) {
    flushProblems(event.seq - 1);
    if (event.batch !== batch) { batch = event.batch; rows.push({ type: 'batch', batch }); }
    rows.push({ type: 'event', item: event });
  }
  flushProblems(Infinity);
  return rows;
}

function laneOrder(events) {
  const lanes = [];
  const tree = state.tree;
  const visit = (id) => {
    if (!tree || !tree.controllers[id] || lanes.includes(id)) return;
    lanes.push(id);
    for (const child of tree.controllers[id].children) visit(child);
  };
  if (tree && tree.window.rootViewController) visit(tree.window.rootViewController);
  const seen = new Set(events.map(laneOf).filter(Boolean));
  const ordered = lanes.filter((id) => seen.has(id));
  for (const event of events) if (laneOf(event) && !ordered.includes(laneOf(event))) ordered.push(laneOf(event));
  return ordered;
}

function describe(event) {
  if (event.warning) return `⚠ ${event.warning}${calledFromText(event)}`;
  const args = Object.entries(event.args || {}).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ');
  return `${'↳'.repeat(event.calledFrom ? event.calledFrom.depth : 0)}${event.callback}(${args})${calledFromText(event)}`;
}

/** Where an override made the call that caused `event` (rule 40), or nothing. */
function calledFromText(event) {
  const frame = event.calledFrom;
  return frame ? `  ⟵ ${frame.controller}.${frame.callback} #${frame.call}` : '';
}

/** Builds the sequence diagram for `events` as a standalone SVG (presentation attributes only,
 *  so an exported copy looks the same). */
function buildTimeline(target, events, room = 800) {
  target.replaceChildren();
  const lanes = laneOrder(events);
  // Lanes narrow to leave the last one's labels room in `room` pixels.
  const left = 60, top = 34, rowHeight = 20;
  const laneWidth = Math.max(64, Math.min(110, (room - left - 220) / Math.max(lanes.length, 1)));
  const rows = groupedRows(events);
  const width = left + Math.max(lanes.length, 1) * laneWidth + 260;
  const height = top + rows.length * rowHeight + 12;
  target.setAttribute('width', width);
  target.setAttribute('height', height);
  target.setAttribute('viewBox', `0 0 ${width} ${height}`);
  target.setAttribute('font-family', 'system-ui, sans-serif');
  target.setAttribute('font-size', '11');
  target.append(svg('rect', { x: 0, y: 0, width, height, fill: '#fff' }));
  const laneX = (id) => left + lanes.indexOf(id) * laneWidth + laneWidth / 2;
  lanes.forEach((id) => {
    const x = laneX(id);
    target.append(svg('line', { x1: x, y1: top - 8, x2: x, y2: height - 4, stroke: '#d0d4da', 'stroke-dasharray': '3 3' }));
    target.append(svg('text', { x, y: 16, 'text-anchor': 'middle', 'font-weight': 'bold', fill: '#1c1e21', class: 'lane' }, id));
  });
  const bandTops = {};
  rows.forEach((row, index) => {
    const y = top + index * rowHeight;
    if (row.type === 'batch') {
      const rowsInBatch = rows.slice(index + 1).findIndex((next) => next.type !== 'event');
      const count = rowsInBatch < 0 ? rows.length - index - 1 : rowsInBatch;
      const group = svg('g', { class: `batch${state.selectedBatch === row.batch ? ' selected' : ''}`, 'data-batch': row.batch });
      group.append(svg('rect', { class: 'band', x: 2, y: y + 2, width: width - 4, height: (count + 1) * rowHeight - 2,
        fill: row.batch % 2 ? '#f4f7fc' : '#f9f6ff', stroke: 'none', rx: 4 }));
      group.append(svg('text', { x: 6, y: y + 14, fill: '#5f6368', 'font-weight': 'bold' }, `batch ${row.batch}`));
      // The lanes' names again on every band: the head row scrolls away in a long timeline.
      lanes.forEach((id) => group.append(svg('text', { x: laneX(id), y: y + 14, 'text-anchor': 'middle', fill: '#9aa0a6' }, id)));
      target.append(group);
      bandTops[row.batch] = y;
      return;
    }
    if (row.type === 'problem') {
      const group = svg('g', { class: 'problem-row' });
      group.append(svg('title', {}, `${row.item.title}\n${row.item.detail}`));
      group.append(svg('rect', { x: 2, y: y + 2, width: width - 4, height: rowHeight - 4, fill: '#fde8e7', rx: 3 }));
      group.append(svg('text', { x: 6, y: y + 14, fill: '#c5221f', 'font-weight': 'bold' },
        `✖ ${row.item.title}: ${row.item.detail}${row.item.field ? ` (field ${row.item.field})` : ''}`));
      target.append(group);
      return;
    }
    const event = row.item;
    const x = laneOf(event) ? laneX(laneOf(event)) : left;
    const colour = event.warning ? '#b45309' : eventColour(event);
    const group = svg('g', { class: `ev${event.seq === state.selectedSeq ? ' selected' : ''}`, 'data-seq': event.seq,
      'data-callback': event.callback || 'warning', 'data-controller': event.controller || '',
      'data-called-from': event.calledFrom ? `${event.calledFrom.controller}.${event.calledFrom.callback}` : '' });
    group.append(svg('title', {}, `#${event.seq} batch ${event.batch} ${laneOf(event) || ''} ${describe(event)}`));
    group.append(svg('rect', { class: 'hit', x: 2, y: y + 1, width: width - 4, height: rowHeight - 2, fill: event.warning ? '#fff4e5' : 'transparent', rx: 3 }));
    group.append(svg('text', { x: 40, y: y + 14, fill: '#80868b', 'text-anchor': 'end' }, String(event.seq)));
    const source = event.args && typeof event.args.parent === 'string' && lanes.includes(event.args.parent) ? event.args.parent
      : event.args && typeof event.args.child === 'string' && lanes.includes(event.args.child) ? event.args.child : null;
    if (source && source !== event.controller) {
      const from = laneX(source);
      group.append(svg('line', { x1: from, y1: y + 10, x2: x, y2: y + 10, stroke: colour, 'stroke-width': 1.2 }));
      const direction = x > from ? -1 : 1;
      group.append(svg('path', { d: `M${x} ${y + 10} l${6 * direction} -4 v8 z`, fill: colour }));
    }
    // A call an override made: a dashed line from the overriding controller's lane.
    const caller = event.calledFrom && lanes.includes(event.calledFrom.controller) ? event.calledFrom.controller : null;
    if (caller && caller !== event.controller && caller !== source) {
      group.append(svg('line', { class: 'called-from', x1: laneX(caller), y1: y + 10, x2: x, y2: y + 10, stroke: colour,
        'stroke-dasharray': '2 2' }));
    }
    group.append(svg('circle', { cx: x, cy: y + 10, r: 4, fill: colour }));
    group.append(svg('text', { x: x + 8, y: y + 14, fill: colour, 'font-weight': event.warning ? 'bold' : 'normal' },
      describe(event) + flagText(event)));
    target.append(group);
  });
  if (!rows.length) target.append(svg('text', { x: 10, y: top + 10, fill: '#5f6368' }, state.treeId ? 'No events yet.' : 'Choose or create a tree.'));
}

function eventColour(event) {
  const family = familyOf(event);
  if (/Appear$/.test(event.callback) || event.callback === 'viewIsAppearing') return STATE_COLOURS.appeared;
  if (/Disappear$/.test(event.callback)) return STATE_COLOURS.disappearing;
  return { moves: '#0a58ca', layout: '#5f6368', appearance: '#137333', delegation: '#a142f4' }[family] || '#1c1e21';
}

function flagText(event) {
  const flags = [];
  if (event.isMovingToParent) flags.push('→parent');
  if (event.isMovingFromParent) flags.push('←parent');
  return flags.length ? `  [${flags.join(' ')}]` : '';
}

function renderTimeline() {
  // Follows new events like a log's tail while the reader is at the bottom.
  const box = $('#timeline-box');
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 24;
  buildTimeline($('#timeline'), visibleEvents(), box.clientWidth);
  if (atBottom && state.selectedSeq === null) box.scrollTop = box.scrollHeight;
  const event = state.events.get(state.selectedSeq);
  $('#event-detail').textContent = event ? JSON.stringify(event, null, 1)
    : state.selectedBatch ? `batch ${state.selectedBatch} selected: exports take this batch.` : 'Select an event to see its arguments and flags.';
}

function selectedEvents() {
  const events = visibleEvents();
  return state.selectedBatch ? events.filter((event) => event.batch === state.selectedBatch) : events;
}

function bindTimeline() {
  const box = $('#timeline-box');
  box.addEventListener('click', (click) => {
    const row = click.target.closest('.ev');
    const band = click.target.closest('.batch');
    if (row) {
      state.selectedSeq = Number(row.dataset.seq);
      state.selectedBatch = state.events.get(state.selectedSeq).batch;
    } else if (band) { state.selectedBatch = Number(band.dataset.batch); state.selectedSeq = null; }
    renderTimeline();
  });
  box.addEventListener('keydown', (key) => {
    const events = visibleEvents();
    if (!events.length) return;
    let index = events.findIndex((event) => event.seq === state.selectedSeq);
    if (key.key === 'ArrowDown') index = Math.min(events.length - 1, index + 1);
    else if (key.key === 'ArrowUp') index = Math.max(0, index < 0 ? events.length - 1 : index - 1);
    else if (key.key === 'Escape') { state.selectedSeq = null; state.selectedBatch = null; renderTimeline(); return; }
    else return;
    key.preventDefault();
    state.selectedSeq = events[index].seq;
    state.selectedBatch = events[index].batch;
    renderTimeline();
    const row = $(`#timeline [data-seq="${state.selectedSeq}"]`);
    if (row) row.scrollIntoView({ block: 'nearest' });
  });
  $('.filters').addEventListener('change', renderTimeline);
  $('#clear-selection').addEventListener('click', () => { state.selectedSeq = null; state.selectedBatch = null; renderTimeline(); });
  $('#copy-mermaid').addEventListener('click', async () => {
    const text = mermaid(selectedEvents());
    try { await navigator.clipboard.writeText(text); exportStatus('Mermaid copied to the clipboard.'); } catch (_) {
      download('timeline.mmd', text, 'text/plain'); exportStatus('Clipboard unavailable: downloaded timeline.mmd instead.');
    }
  });
  $('#download-svg').addEventListener('click', () => {
    const copy = document.createElementNS(svgNS, 'svg');
    copy.setAttribute('xmlns', svgNS);
    buildTimeline(copy, selectedEvents());
    download('timeline.svg', new XMLSerializer().serializeToString(copy), 'image/svg+xml');
    exportStatus('Downloaded timeline.svg.');
  });
}

function exportStatus(text) { $('#export-status').textContent = text; }

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A Mermaid sequenceDiagram of `events`: a rect per batch, arrows from the parent where the
 *  callback names one, self-messages otherwise, warnings as notes. */
function mermaid(events) {
  const lanes = laneOrder(events);
  const alias = (id) => `c${lanes.indexOf(id)}`;
  const clean = (text) => String(text).replace(/[;#\n]/g, ' ');
  const lines = ['sequenceDiagram'];
  lanes.forEach((id) => lines.push(`  participant ${alias(id)} as ${clean(id)}`));
  let batch = null;
  for (const event of events) {
    if (event.batch !== batch) {
      if (batch !== null) lines.push('  end');
      batch = event.batch;
      lines.push(`  rect rgb(${batch % 2 ? '240, 244, 252' : '248, 244, 255'})`);
      if (lanes.length) lines.push(`  Note over ${alias(lanes[0])}: batch ${batch}`);
    }
    const to = laneOf(event) ? alias(laneOf(event)) : alias(lanes[0]);
    if (event.warning) { lines.push(`  Note over ${to}: warning ${clean(event.warning)}`); continue; }
    const parent = event.args && typeof event.args.parent === 'string' && lanes.includes(event.args.parent) ? alias(event.args.parent) : to;
    lines.push(`  ${parent}->>${to}: ${event.seq} ${clean(describe(event) + flagText(event))}`);
  }
  if (batch !== null) lines.push('  end');
  return lines.join('\n') + '\n';
}

// MARK: contract

/** The operations of /openapi.yaml (path, method, summary, description), read from its
 *  indentation without a YAML library. */
function contractOperations(text) {
  const paths = text.slice(text.indexOf('\npaths:\n'), text.indexOf('\ncomponents:\n'));
  const operations = [];
  for (const [, path, block] of paths.matchAll(/^ {2}(\/\S*):\n((?: {4}.*\n|\n)*)/gm)) {
    for (const [, method, body] of block.matchAll(/^ {4}(get|post|patch|delete):\n((?: {6}.*\n|\n)*)/gm)) {
      const field = (name) => {
        const match = new RegExp(`^ {6}${name}: *(.*)\\n((?: {8}.*\\n|\\n)*)`, 'm').exec(body);
        return match ? (/^[|>]/.test(match[1]) ? match[2] : match[1]).replace(/\s+/g, ' ').trim() : '';
      };
      operations.push({ path, method: method.toUpperCase(), summary: field('summary'), description: field('description') });
    }
  }
  return operations;
}

async function loadContract() {
  const body = $('#contract-body');
  try {
    const operations = contractOperations(await (await fetch('/openapi.yaml')).text());
    body.replaceChildren(...operations.map((item) => {
      const entry = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = `${item.method} ${item.path} — ${item.summary}`;
      const description = document.createElement('p');
      description.className = 'small';
      description.textContent = item.description || '(no description)';
      entry.append(summary, description);
      return entry;
    }));
  } catch (error) { body.textContent = `Could not load the contract: ${error.message}`; }
}

// MARK: start

function start() {
  bindAccess();
  bindForms();
  bindCallbackForms();
  bindOutline();
  bindWireframe();
  bindTimeline();
  $('#contract-toggle').addEventListener('click', (click) => {
    const panel = $('#contract');
    panel.hidden = !panel.hidden;
    click.currentTarget.setAttribute('aria-expanded', String(!panel.hidden));
    if (!panel.hidden && !panel.dataset.loaded) { panel.dataset.loaded = 'yes'; loadContract(); }
  });
  renderAll();
  loadTrees();
  setInterval(() => { if (!document.hidden) { loadTrees(); refreshTree(); } }, 3000);
}

start();
