'use strict';
// What the forms offer: callback families, raw calls with sample arguments, preset trees.

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
setTabBarHidden tabs {"hidden":true,"animated":false}
tapMoreBackButton tabs
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
