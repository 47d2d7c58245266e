'use strict';
// The window's wireframe: each view's frame, coloured by its controller's appearance.

function svg(name, attributes = {}, text) {
  const element = document.createElementNS(svgNS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

/** About how wide `text` is drawn at 11 units: a character is about 0.6 of the font's size. */
function textWidth(text, unit) { return text.length * 6.6 * unit; }
/** The box of `text` drawn from `x` on the baseline `y`, as [left, top, right, bottom]. */
function textBox(x, y, text, unit) { return [x, y - 11 * unit, x + textWidth(text, unit), y + 3 * unit]; }
function overlaps(a, b) { return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]; }

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
  // The boxes of the texts drawn so far, which a view's label moves off.
  const labels = [];
  const bar = tree.window.statusBar;
  if (!bar.hidden) {
    const note = `status bar: ${bar.style} (${bar.decidedBy || 'window'})`;
    canvas.append(svg('rect', { x: 0, y: 0, width: w, height: 20 * unit, fill: bar.style === 'lightContent' ? '#20242b' : '#e8eaed' }));
    canvas.append(svg('text', { x: w - 6 * unit, y: 14 * unit, 'text-anchor': 'end', 'font-size': 11 * unit, fill: bar.style === 'lightContent' ? '#fff' : '#20242b' }, note));
    labels.push(textBox(w - 6 * unit - textWidth(note, unit), 14 * unit, note, unit));
  }
  const owners = {};
  for (const [id, controller] of Object.entries(tree.controllers)) for (const view of controller.containerViews || []) owners[view] = id;
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
      // often fills its container view); a label that would cover another text (or the status
      // bar's note) moves away from its edge, a line at a time, at most as many lines as are drawn.
      const label = view.owner ? `${view.owner}.view (${owner.appearance})` : viewId;
      let labelY = view.owner ? y + view.frame.height - 5 * unit : y + 14 * unit;
      for (let moves = 0; moves <= labels.length && labels.some((box) => overlaps(box, textBox(x + 4 * unit, labelY, label, unit))); moves++) {
        labelY += (view.owner ? -13 : 13) * unit;
      }
      labels.push(textBox(x + 4 * unit, labelY, label, unit));
      group.append(svg('text', { x: x + 4 * unit, y: labelY, 'font-size': 11 * unit, fill: colour }, label));
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
