'use strict';
// The lifecycle timeline: events in lanes, batches, the selected event.

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

/** What the chosen tree's timeline draws besides its events; the Swift pane draws its own. */
function treeView() {
  return { tree: state.tree, problems: state.problems, selectedSeq: state.selectedSeq, selectedBatch: state.selectedBatch,
    empty: state.treeId ? 'No events yet.' : 'Choose or create a tree.' };
}

/** Events grouped by batch, each group in seq order, with the page's own problems after the
 *  event they followed. */
function groupedRows(events, view) {
  const rows = [];
  let batch = null;
  const problems = [...view.problems];
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

function laneOrder(events, tree) {
  const lanes = [];
  const visit = (id) => {
    if (!tree || !tree.controllers[id] || lanes.includes(id)) return;
    lanes.push(id);
    for (const child of tree.controllers[id].children) visit(child);
    for (const child of (tree.controllers[id].moreNavigationController || {}).viewControllers || []) visit(child);
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
 *  so an exported copy looks the same); `view` as `treeView()` says, plus the Swift pane's
 *  `linked` seqs and `suffix` (the source line each event names). */
function buildTimeline(target, events, room = 800, view = treeView()) {
  target.replaceChildren();
  const lanes = laneOrder(events, view.tree);
  // Lanes narrow to leave the last one's labels room in `room` pixels.
  const left = 60, top = 34, rowHeight = 20;
  const laneWidth = Math.max(64, Math.min(110, (room - left - 220) / Math.max(lanes.length, 1)));
  const rows = groupedRows(events, view);
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
      const group = svg('g', { class: `batch${view.selectedBatch === row.batch ? ' selected' : ''}`, 'data-batch': row.batch });
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
    const marks = `${event.seq === view.selectedSeq ? ' selected' : ''}${view.linked && view.linked.has(event.seq) ? ' linked' : ''}`;
    const group = svg('g', { class: `ev${marks}`, 'data-seq': event.seq,
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
      describe(event) + flagText(event) + (view.suffix ? view.suffix(event) : '')));
    target.append(group);
  });
  if (!rows.length) target.append(svg('text', { x: 10, y: top + 10, fill: '#5f6368' }, view.empty));
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
  const lanes = laneOrder(events, state.tree);
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
