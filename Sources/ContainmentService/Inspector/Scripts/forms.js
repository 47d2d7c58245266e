'use strict';
// The forms that build trees and send calls, and their results.

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
