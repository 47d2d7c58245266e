'use strict';
// The controller hierarchy outline.

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
    // A tab shown on More's stack is More's child; More (UIKit's own) is not in the tree.
    for (const child of (controller.moreNavigationController || {}).viewControllers || []) build(child, sub, 'on More');
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
