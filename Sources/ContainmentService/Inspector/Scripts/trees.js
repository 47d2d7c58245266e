'use strict';
// The tree list, the chosen tree, its event stream.

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
