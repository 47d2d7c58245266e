'use strict';
// The Swift pane: UIKit source in (POST /v1/swift, docs/swift.md), its events in the timeline's
// style, each event tied to the lines that caused it and each line to its events, both ways.

const SWIFT_EXAMPLE = `class ListViewController: UIViewController {
    let header = UIViewController()
    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(header)
        view.addSubview(header.view)
        header.didMove(toParent: self)
    }
}
let window = UIWindow(frame: UIScreen.main.bounds)
let list = ListViewController()
window.rootViewController = list
window.makeKeyAndVisible()
`;

/** The last answer and what is selected in it: an event (by seq) or a line (1-based); `failure`
 *  where a refusal or UIKit's exception stopped it. */
const swift = { answer: null, lines: [], selectedSeq: null, selectedLine: null, failure: null };

/** The lines an event's source names: the innermost statement first, then its trace. */
function sourceLines(event) {
  const source = event.source;
  return source ? [...new Set([source.line, ...(source.trace || []).map((step) => step.line)])] : [];
}

/** Whether `line` caused `event`: its own statement, or one its trace went through. */
const caused = (event, line) => sourceLines(event).includes(line);

function swiftEvents() { return swift.answer ? swift.answer.events : []; }

/** The seqs to highlight: the selected line's events. */
function linkedSeqs() {
  return new Set(swift.selectedLine === null ? [] : swiftEvents().filter((event) => caused(event, swift.selectedLine)).map((event) => event.seq));
}

function renderSwift() {
  const events = swiftEvents();
  const view = { tree: swift.answer && swift.answer.tree, problems: [], selectedSeq: swift.selectedSeq, selectedBatch: null,
    linked: linkedSeqs(), suffix: (event) => (event.source ? `  @${event.source.line}:${event.source.column}` : ''),
    empty: swift.failure ? 'No events: the source was refused.' : swift.answer ? 'No events.' : 'Run a source to see its events.' };
  buildTimeline($('#swift-timeline'), events, $('#swift-box').clientWidth, view);
  renderSource();
  const event = events.find((candidate) => candidate.seq === swift.selectedSeq);
  $('#swift-detail').textContent = event ? JSON.stringify(event, null, 1)
    : swift.selectedLine !== null ? `line ${swift.selectedLine}: ${view.linked.size} event(s) caused there or through it.` : '';
}

/** The source as answered, a line per option; the selected event's statement (`cause`) and
 *  trace (`trace`) marked, and the failure's line with its column. */
function renderSource() {
  const list = $('#swift-source');
  const event = swiftEvents().find((candidate) => candidate.seq === swift.selectedSeq);
  const lines = event ? sourceLines(event) : [];
  const counts = new Map();
  for (const each of swiftEvents()) for (const line of sourceLines(each)) counts.set(line, (counts.get(line) || 0) + 1);
  list.replaceChildren(...swift.lines.map((text, index) => {
    const number = index + 1;
    const item = document.createElement('li');
    item.id = `swift-line-${number}`;
    item.dataset.line = number;
    item.setAttribute('role', 'option');
    item.setAttribute('aria-selected', String(swift.selectedLine === number));
    if (event && event.source.line === number) item.classList.add('cause');
    else if (lines.includes(number)) item.classList.add('trace');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = number;
    const code = document.createElement('code');
    if (swift.failure && swift.failure.line === number) {
      item.classList.add('refused');
      const at = Math.max(0, (swift.failure.column || 1) - 1);
      const mark = document.createElement('mark');
      mark.textContent = text.slice(at, at + 1) || ' ';
      code.append(text.slice(0, at), mark, text.slice(at + 1));
    } else code.textContent = text || ' ';
    item.append(num, code);
    if (counts.get(number)) {
      const count = document.createElement('span');
      count.className = 'count';
      count.textContent = `${counts.get(number)} ev`;
      item.append(count);
    }
    return item;
  }));
  if (swift.selectedLine !== null) list.setAttribute('aria-activedescendant', `swift-line-${swift.selectedLine}`);
  else list.removeAttribute('aria-activedescendant');
}

function selectSwiftEvent(seq) {
  swift.selectedSeq = seq;
  swift.selectedLine = null;
  renderSwift();
  const event = swiftEvents().find((candidate) => candidate.seq === seq);
  if (event && event.source) scrollLine(event.source.line);
  reveal($('#swift-box'), $(`#swift-timeline [data-seq="${seq}"]`));
}

function selectSwiftLine(line) {
  swift.selectedLine = line;
  swift.selectedSeq = null;
  renderSwift();
  scrollLine(line);
  const first = swiftEvents().find((event) => caused(event, line));
  if (first) reveal($('#swift-box'), $(`#swift-timeline [data-seq="${first.seq}"]`));
}

function scrollLine(line) { reveal($('#swift-source'), $(`#swift-line-${line}`)); }

/** Scrolls `box` vertically only, so `item` shows (scrollIntoView would also scroll the
 *  diagram sideways and the page's column). */
function reveal(box, item) {
  if (!box || !item) return;
  const outer = box.getBoundingClientRect(), inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += Math.min(inner.bottom - outer.bottom, inner.top - outer.top);
}

/** What a refusal (422, 413, 400) or a build without the translator (501) says, under the form. */
function showSwiftProblem(error) {
  const problem = error.problem || { title: error.message };
  const output = $('#swift .problem');
  const head = document.createElement('strong');
  head.textContent = `${error.status || ''} ${problem.title || ''}`.trim();
  const lines = [];
  if (problem.code === 'swift_source_not_built') {
    lines.push('Ask in Swift is not available on this server: its build has no Swift translator.');
  }
  if (problem.line) lines.push(`${problem.construct || 'refused'} at line ${problem.line}, column ${problem.column}`);
  lines.push(problem.detail);
  if (problem.supported) lines.push(`supported: ${problem.supported}`);
  if (problem.code) lines.push(`code: ${problem.code}`);
  output.append(head, lines.filter(Boolean).join('\n'));
  swift.failure = problem.line ? { line: problem.line, column: problem.column } : null;
}

async function runSwift(form) {
  const output = $('.problem', form);
  output.replaceChildren();
  const source = form.elements.source.value;
  const button = $('button[type=submit]', form);
  button.disabled = true;
  $('#swift-status').textContent = 'running…';
  Object.assign(swift, { answer: null, lines: source.split('\n'), selectedSeq: null, selectedLine: null, failure: null });
  try {
    swift.answer = await api('POST', '/v1/swift', { source, idiom: form.elements.idiom.value, orientation: form.elements.orientation.value });
    const { events, controllers, warnings, exception } = swift.answer;
    const notes = [`${events.length} events, ${controllers.length} controllers (${swift.answer.idiom}, ${swift.answer.orientation})`];
    for (const warning of warnings) notes.push(`warning at ${warning.line}:${warning.column}: ${warning.message}`);
    if (exception) {
      notes.push(`${exception.name || exception.code} at ${exception.line}:${exception.column}: ${exception.detail}`);
      swift.failure = { line: exception.line, column: exception.column };
    }
    $('#swift-status').textContent = notes.join('\n');
  } catch (error) {
    $('#swift-status').textContent = '';
    showSwiftProblem(error);
  } finally {
    button.disabled = false;
    renderSwift();
    if (swift.failure) scrollLine(swift.failure.line);
  }
}

/** Arrow keys move through `count` items from `index` (-1: none yet); null for other keys. */
function steppedIndex(key, index, count) {
  if (key === 'ArrowDown') return Math.min(count - 1, index + 1);
  if (key === 'ArrowUp') return Math.max(0, index < 0 ? count - 1 : index - 1);
  return null;
}

function bindSwift() {
  const form = $('#swift');
  form.elements.source.value = SWIFT_EXAMPLE;
  form.addEventListener('submit', (submit) => { submit.preventDefault(); runSwift(form); });
  form.elements.source.addEventListener('keydown', (key) => {
    if (key.key === 'Enter' && (key.ctrlKey || key.metaKey)) { key.preventDefault(); runSwift(form); }
  });
  const box = $('#swift-box');
  box.addEventListener('click', (click) => {
    const row = click.target.closest('.ev');
    if (row) selectSwiftEvent(Number(row.dataset.seq));
  });
  box.addEventListener('keydown', (key) => {
    const events = swiftEvents();
    const index = steppedIndex(key.key, events.findIndex((event) => event.seq === swift.selectedSeq), events.length);
    if (index === null || !events.length) return;
    key.preventDefault();
    selectSwiftEvent(events[index].seq);
  });
  const list = $('#swift-source');
  list.addEventListener('click', (click) => {
    const item = click.target.closest('li');
    if (item) selectSwiftLine(Number(item.dataset.line));
  });
  list.addEventListener('keydown', (key) => {
    const index = steppedIndex(key.key, swift.selectedLine === null ? -1 : swift.selectedLine - 1, swift.lines.length);
    if (index === null || !swift.lines.length) return;
    key.preventDefault();
    selectSwiftLine(index + 1);
  });
  renderSwift();
}
