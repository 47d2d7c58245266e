#!/usr/bin/env python3
"""A toy UIKit containment runtime and its conformance adapter, for the conformance kit's tests.

It does what docs/conformance.md, section 2 ("Implementing an adapter") says, and nothing that
section does not say, as a runtime author following it would: plain view controllers
(children, container views, the view tree, appearance, layout, loading, manual appearance
forwarding, transitions, the window's size and size class, preferredContentSize). Everything
else (navigation, tab bar, split view and page view controllers, presentations, overrides,
segues, setting the window's root) answers 501
Not Implemented, so the runner reports those scenarios as skipped. Without --bug it passes
every scenario it does not skip (ContainmentCommandTests checks that over the whole corpus),
which is what shows the guide is complete for what it covers; each --bug makes it
deliberately wrong:

  children-first      children's appearance callbacks before their parent's (as Chameleon)
  no-will-move        addChild without willMove(toParent:) (as WinObjC)
  patch-without-events  PATCH answers 200 with a body that has no `events` (a protocol error)
  no-transitions      no transitions route (404) and no `transition` call (501)
  hang                accepts requests and never answers (a hung adapter)

Usage: toy_runtime.py [--port 0] [--bug NAME]...; prints "listening on 127.0.0.1:PORT", then serves
on loopback until killed.
"""

import argparse
import copy
import json
import re
import signal
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

BUGS = {"children-first", "no-will-move", "patch-without-events", "no-transitions", "hang"}
APPEARANCE_CALLBACKS = {"viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"}
CONTROLLER_FIELDS = {
    "id", "kind", "children", "containerViews", "containerView", "frame", "automaticallyForwardsAppearance",
    "preferredContentSize", "childContentSizes", "title", "statusBarStyle", "statusBarHidden",
    "childForStatusBarStyle", "childForStatusBarHidden", "properties",
}
PATCH_FIELDS = {
    "preferredContentSize", "automaticallyForwardsAppearance", "childContentSizes", "title", "statusBarStyle",
    "statusBarHidden", "childForStatusBarStyle", "childForStatusBarHidden", "properties",
}


class UIKitException(Exception):
    """What UIKit raises: answered as a problem whose title is the exception's name."""

    def __init__(self, name, reason):
        super().__init__(reason)
        self.name = name
        self.reason = reason


class NotImplementedYet(Exception):
    """What this runtime does not do: answered 501, which the runner reports as skipped."""


class BadRequest(Exception):
    pass


def describe(controller):
    return f"<{controller if controller is not None else '(null)'}>"


def bounds(frame):
    return (0.0, 0.0, frame[2], frame[3])


def rect(value):
    return (float(value["x"]), float(value["y"]), float(value["width"]), float(value["height"]))


def size_json(size):
    return {"width": size[0], "height": size[1]}


class Controller:
    def __init__(self, spec):
        self.id = spec["id"]
        self.parent = None
        self.children = []
        self.view = None  # the root view's id once loaded
        self.forwards = spec.get("automaticallyForwardsAppearance", True)
        self.container_views = [(view["id"], rect(view["frame"]) if "frame" in view else None) for view in spec.get("containerViews", [])]
        size = spec.get("preferredContentSize", {"width": 0, "height": 0})
        self.preferred_content_size = (size["width"], size["height"])
        self.child_content_sizes = {key: (value["width"], value["height"]) for key, value in spec.get("childContentSizes", {}).items()}
        self.properties = {key: value for key, value in spec.get("properties", {}).items() if value is not None}
        self.state = "disappeared"  # appearing, appeared, disappearing
        self.driver = None  # "turn", "manual" or ("transition", id)
        self.animated = False
        self.sent_is_appearing = False
        self.moving_to = False
        self.moving_from = False
        self.needs_layout = False


class View:
    def __init__(self, frame, owner=None):
        self.frame = frame
        self.owner = owner
        self.superview = None
        self.subviews = []
        self.in_window = False


class Tree:
    def __init__(self, body, bugs):
        self.bugs = bugs
        window = body.get("window") or {}
        size = window.get("size") or {"width": 390, "height": 844}
        self.size = (float(size["width"]), float(size["height"]))
        self.size_class = window.get("horizontalSizeClass", "compact")
        self.visible = False
        self.root = None
        self.controllers = {}
        self.views = {"window": View((0.0, 0.0) + self.size)}
        self.views["window"].in_window = True
        self.container_view_owner = {}
        # The run-loop turn's lists: what UIKit delivers when the turn ends.
        self.deferred_ends = []
        self.pending_is_appearing = []
        self.pending_layout = []
        self.moving_flagged = []
        self.running = {}  # transition id -> record
        self.transition_count = 0
        self.now = 0.0
        self.events = []

    # Events and transactions

    def emit(self, controller, callback, args=None, moving=False):
        event = {"controller": controller, "callback": callback}
        if args:
            event["args"] = args
        if moving:
            node = self.controllers[controller]
            event["isMovingToParent"] = node.moving_to
            event["isMovingFromParent"] = node.moving_from
        self.events.append(event)

    def warn(self, controller, message):
        self.events.append({"controller": controller, "warning": message})

    def transaction(self, body):
        """Runs body; a refusal restores every field and drops the events it emitted."""
        saved = copy.deepcopy({key: value for key, value in self.__dict__.items() if key != "events"})
        count = len(self.events)
        try:
            return body()
        except Exception:
            self.__dict__.update(saved)
            del self.events[count:]
            raise

    def controller(self, controller_id):
        if controller_id not in self.controllers:
            raise BadRequest(f"no controller {controller_id}")
        return self.controllers[controller_id]

    # Building

    def check_spec(self, spec, ids):
        if spec.get("kind", "viewController") != "viewController":
            raise NotImplementedYet(f"{spec['kind']} is not implemented")
        unknown = set(spec) - CONTROLLER_FIELDS
        if unknown:
            raise NotImplementedYet(f"controller fields {', '.join(sorted(unknown))} are not implemented")
        if spec["id"] in self.controllers or spec["id"] in ids:
            raise BadRequest(f"id {spec['id']} is already in use")
        ids.add(spec["id"])
        result = [spec]
        for child in spec.get("children", []):
            result += self.check_spec(child, ids)
        return result

    def build(self, spec):
        """Storyboard order: every controller created detached, then each embeds its direct
        children (displayContentController), parents first, depth first."""
        specs = self.check_spec(spec, set())
        for each in specs:
            node = Controller(each)
            self.controllers[node.id] = node
            for view_id, _ in node.container_views:
                self.container_view_owner[view_id] = node.id
        for each in specs:
            for child in each.get("children", []):
                frame = rect(child["frame"]) if "frame" in child else None
                self.display_content_controller(each["id"], child["id"], child.get("containerView"), frame)

    def create(self, body):
        if "root" in body:
            self.build(body["root"])
            self.set_root(body["root"]["id"])
        if body.get("onScreen", True):
            self.set_hidden(False)

    # Views

    def load_view_if_needed(self, controller_id):
        node = self.controllers[controller_id]
        if node.view is not None:
            return
        self.emit(controller_id, "loadView")
        root_id = controller_id + ".view"
        whole = (0.0, 0.0) + self.size
        self.views[root_id] = View(whole, owner=controller_id)
        for view_id, frame in node.container_views:
            view = View(frame or whole)
            view.superview = root_id
            self.views[view_id] = view
            self.views[root_id].subviews.append(view_id)
        node.view = root_id
        self.emit(controller_id, "viewDidLoad")

    def resolve_view(self, view_id):
        if view_id in self.views:
            return view_id
        if view_id.endswith(".view") and view_id[:-5] in self.controllers:
            self.load_view_if_needed(view_id[:-5])
            return view_id
        owner = self.container_view_owner.get(view_id)
        if owner is not None:
            self.load_view_if_needed(owner)
            if view_id in self.views:
                return view_id
        raise BadRequest(f"no view {view_id}")

    def nearest_owner(self, view_id):
        while view_id is not None:
            view = self.views[view_id]
            if view.owner is not None:
                return view.owner
            view_id = view.superview
        return None

    def set_in_window(self, view_id, in_window):
        stack = [view_id]
        while stack:
            view = self.views[stack.pop()]
            view.in_window = in_window
            stack += view.subviews

    def add_subview(self, view_id, superview_id, index=None):
        if view_id == "window":
            raise BadRequest("the window cannot be a subview")
        if view_id == superview_id:
            raise UIKitException("NSInvalidArgumentException", "Can't add self as subview")
        ancestor = self.views[superview_id].superview
        while ancestor is not None:
            if ancestor == view_id:
                raise UIKitException("NSInvalidArgumentException", "Can't add a view as a subview of its own descendant")
            ancestor = self.views[ancestor].superview
        superview = self.views[superview_id]
        new_owner = superview.owner if superview.owner is not None else self.nearest_owner(superview.superview)
        self.check_hierarchy(view_id, new_owner)
        view = self.views[view_id]
        was_on_screen = self.visible and view.in_window
        if view.superview is not None:
            if was_on_screen:
                self.mark_layout(self.nearest_owner(view.superview))
            self.views[view.superview].subviews.remove(view_id)
        if index is None:
            superview.subviews.append(view_id)
        else:
            superview.subviews.insert(index, view_id)
        view.superview = superview_id
        self.set_in_window(view_id, superview.in_window)
        now_on_screen = self.visible and superview.in_window
        if now_on_screen:
            self.mark_layout(new_owner)
            self.mark_layout(view.owner)
        if now_on_screen and not was_on_screen:
            self.appear_walk(view_id)
        elif was_on_screen and not now_on_screen:
            self.disappear_walk(view_id)

    def check_hierarchy(self, view_id, new_owner):
        """Every controller whose root view moves must be a child of the controller above the
        new place (or have no parent)."""
        stack = [view_id]
        while stack:
            view = self.views[stack.pop()]
            if view.owner is not None:
                parent = self.controllers[view.owner].parent
                if parent is not None and parent != new_owner:
                    raise UIKitException(
                        "UIViewControllerHierarchyInconsistency",
                        f"child view controller:{describe(view.owner)} should have parent view controller:{describe(new_owner)} "
                        f"but actual parent is:{describe(parent)}")
            else:
                stack += view.subviews

    def remove_from_superview(self, view_id):
        view = self.views[view_id]
        if view.superview is None:
            return
        was_on_screen = self.visible and view.in_window
        if was_on_screen:
            self.mark_layout(self.nearest_owner(view.superview))
        self.views[view.superview].subviews.remove(view_id)
        view.superview = None
        self.set_in_window(view_id, False)
        if was_on_screen:
            self.disappear_walk(view_id)

    def set_frame(self, view_id, frame):
        """Subviews that filled the old bounds follow (flexible width and height)."""
        on_screen = self.visible and self.views[view_id].in_window
        stack = [(view_id, frame)]
        while stack:
            current, new_frame = stack.pop()
            view = self.views[current]
            if view.frame == new_frame:
                continue
            old_bounds = bounds(view.frame)
            view.frame = new_frame
            if old_bounds[2:] == new_frame[2:]:
                continue
            if view.owner is not None and on_screen:
                self.mark_layout(view.owner)
            for subview in reversed(view.subviews):
                if self.views[subview].frame == old_bounds:
                    stack.append((subview, bounds(new_frame)))

    def mark_layout(self, controller_id):
        if controller_id is None:
            return
        node = self.controllers[controller_id]
        if not node.needs_layout and node.view is not None:
            node.needs_layout = True
            self.pending_layout.append(controller_id)

    def layout(self, controller_id):
        self.controllers[controller_id].needs_layout = False
        self.emit(controller_id, "viewWillLayoutSubviews")
        self.emit(controller_id, "viewDidLayoutSubviews")

    def layout_if_needed(self, view_id):
        stack = [view_id]
        while stack:
            view = self.views[stack.pop()]
            if view.owner is not None and self.controllers[view.owner].needs_layout:
                self.layout(view.owner)
            stack += reversed(view.subviews)

    # Parent and child

    def add_child(self, parent_id, child_id):
        child = self.controller(child_id)
        parent = self.controller(parent_id)
        if child.parent == parent_id:
            return
        ancestor = parent_id
        while ancestor is not None:
            if ancestor == child_id:
                if child_id == parent_id:
                    reason = f"child view controller:{describe(child_id)} cannot be added as a child of itself"
                else:
                    reason = f"child view controller:{describe(child_id)} is an ancestor of the requested parent view controller:{describe(parent_id)}"
                raise UIKitException("NSInvalidArgumentException", reason)
            ancestor = self.controllers[ancestor].parent
        if child.view is not None and self.views[child.view].superview is not None:
            owner = self.nearest_owner(self.views[child.view].superview)
            if owner is not None and owner != parent_id:
                raise UIKitException(
                    "UIViewControllerHierarchyInconsistency",
                    f"child view controller:{describe(child_id)} should have parent view controller:{describe(owner)} "
                    f"but requested parent is:{describe(parent_id)}")
        if child.parent is not None:
            self.remove_from_parent(child_id)
        if "no-will-move" not in self.bugs:
            self.emit(child_id, "willMove", {"parent": parent_id})
        self.flag_moving(child_id, True)
        child.parent = parent_id
        parent.children.append(child_id)

    def remove_from_parent(self, child_id):
        child = self.controllers[child_id]
        if child.parent is None:
            return
        self.controllers[child.parent].children.remove(child_id)
        child.parent = None
        self.emit(child_id, "didMove", {"parent": None})

    def will_move(self, controller_id, parent_id):
        if parent_id is not None or self.controllers[controller_id].parent is not None:
            self.flag_moving(controller_id, parent_id is not None)
        self.emit(controller_id, "willMove", {"parent": parent_id})

    def flag_moving(self, controller_id, to_parent):
        node = self.controllers[controller_id]
        was_flagged = node.moving_to or node.moving_from
        node.moving_to = to_parent
        node.moving_from = not to_parent
        if not was_flagged:
            self.moving_flagged.append(controller_id)

    # Appearance

    def driven_controllers(self, view_id):
        """The controllers whose appearance follows the views from view_id down, parents
        first; below a controller whose parent forwards by hand, nothing."""
        result = []
        stack = [view_id]
        while stack:
            view = self.views[stack.pop()]
            if view.owner is not None:
                parent = self.controllers[view.owner].parent
                if parent is not None and not self.controllers[parent].forwards:
                    continue
                result.append(view.owner)
            stack += reversed(view.subviews)
        if "children-first" in self.bugs:
            result.reverse()
        return result

    def appear_walk(self, view_id):
        """Views entered the visible window: the controllers the walk drives begin appearing;
        every controller whose view entered is marked for layout, driven or not (2.3, 2.6)."""
        found = []
        stack = [(view_id, True)]
        while stack:
            current, drives = stack.pop()
            view = self.views[current]
            if view.owner is not None:
                parent = self.controllers[view.owner].parent
                if parent is not None:
                    drives = drives and self.controllers[parent].forwards
                found.append((view.owner, drives))
            stack += [(subview, drives) for subview in reversed(view.subviews)]
        if "children-first" in self.bugs:
            found.reverse()
        for controller_id, drives in found:
            if drives and self.controllers[controller_id].state in ("disappeared", "disappearing"):
                self.begin_appearance(controller_id, True, False, "turn")
                self.deferred_ends.append(controller_id)
            self.mark_layout(controller_id)

    def disappear_walk(self, view_id):
        for controller_id in self.driven_controllers(view_id):
            if self.controllers[controller_id].state in ("appeared", "appearing"):
                self.begin_appearance(controller_id, False, False, "turn")
                self.deferred_ends.append(controller_id)

    def begin_appearance(self, controller_id, appearing, animated, driver):
        node = self.controllers[controller_id]
        accepted = node.state in (("disappeared", "disappearing") if appearing else ("appeared", "appearing"))
        if not accepted:
            self.warn(controller_id, f"Unbalanced calls to begin/end appearance transitions for {describe(controller_id)}")
            return
        node.state = "appearing" if appearing else "disappearing"
        node.driver = driver
        node.animated = animated
        node.sent_is_appearing = False
        if isinstance(driver, tuple):
            self.running[driver[1]]["driven"].append(controller_id)
        self.emit(controller_id, "viewWillAppear" if appearing else "viewWillDisappear", {"animated": animated}, moving=True)
        if appearing and driver != "manual":
            self.pending_is_appearing.append(controller_id)

    def end_appearance(self, controller_id):
        node = self.controllers[controller_id]
        if node.state == "appearing":
            if not node.sent_is_appearing:
                self.emit(controller_id, "viewIsAppearing", {"animated": node.animated}, moving=True)
            self.emit(controller_id, "viewDidAppear", {"animated": node.animated}, moving=True)
            node.state = "appeared"
        elif node.state == "disappearing":
            self.emit(controller_id, "viewDidDisappear", {"animated": node.animated}, moving=True)
            node.state = "disappeared"
        else:
            self.warn(controller_id, f"Unbalanced calls to begin/end appearance transitions for {describe(controller_id)}")
            return
        node.driver = None
        node.sent_is_appearing = False

    def forwarded_descendants(self, controller_id):
        node = self.controllers[controller_id]
        if not node.forwards or node.view is None:
            return []
        result = []
        for subview in self.views[node.view].subviews:
            result += self.driven_controllers(subview)
        return result

    def begin_appearance_transition(self, controller_id, appearing, animated, driver):
        self.load_view_if_needed(controller_id)
        self.begin_appearance(controller_id, appearing, animated, driver)
        for descendant in self.forwarded_descendants(controller_id):
            state = self.controllers[descendant].state
            if state in (("disappeared", "disappearing") if appearing else ("appeared", "appearing")):
                self.begin_appearance(descendant, appearing, animated, driver)

    def end_appearance_transition(self, controller_id):
        self.end_appearance(controller_id)
        for descendant in self.forwarded_descendants(controller_id):
            if self.controllers[descendant].state in ("appearing", "disappearing"):
                self.end_appearance(descendant)

    # The end of a run-loop turn

    def flush_turn(self):
        while True:
            if self.deferred_ends or self.pending_layout or self.pending_is_appearing:
                ends = self.orphans_first([c for c in self.deferred_ends if c in self.controllers])
                self.deferred_ends = []
                appearing, self.pending_is_appearing = self.pending_is_appearing, []
                for controller_id in appearing:
                    node = self.controllers[controller_id]
                    # After the superview laid the view out, before its own layout (2.5).
                    self.lay_out_owners_above(controller_id)
                    if node.driver != "manual" and node.state == "appearing" and not node.sent_is_appearing:
                        self.emit(controller_id, "viewIsAppearing", {"animated": node.animated}, moving=True)
                        node.sent_is_appearing = True
                    self.lay_out_if_needed(controller_id)
                pending, self.pending_layout = self.pending_layout, []
                for controller_id in pending:
                    self.lay_out_if_needed(controller_id)
                for controller_id in ends:
                    node = self.controllers[controller_id]
                    if node.driver == "turn" and node.state in ("appearing", "disappearing"):
                        self.end_appearance(controller_id)
                continue
            still_moving = []
            for controller_id in self.moving_flagged:
                node = self.controllers[controller_id]
                if node.state in ("appearing", "disappearing"):
                    still_moving.append(controller_id)
                else:
                    node.moving_to = node.moving_from = False
            self.moving_flagged = still_moving
            due = [record for record in self.running.values() if record["completesAt"] <= self.now]
            if not due:
                return
            self.complete_transition(min(due, key=lambda record: (record["completesAt"], record["number"]))["id"])

    def lay_out_if_needed(self, controller_id):
        node = self.controllers[controller_id]
        if not node.needs_layout:
            return
        if node.view is not None and self.visible and self.views[node.view].in_window:
            self.layout(controller_id)
        else:
            node.needs_layout = False

    def lay_out_owners_above(self, controller_id):
        """Lays out, top down, the marked controllers above controller_id's view."""
        node = self.controllers[controller_id]
        if not self.pending_layout or node.view is None or self.views[node.view].superview is None:
            return
        chain = []
        owner = self.nearest_owner(self.views[node.view].superview)
        while owner is not None and self.controllers[owner].needs_layout:
            chain.append(owner)
            view = self.controllers[owner].view
            superview = self.views[view].superview if view is not None else None
            owner = self.nearest_owner(superview) if superview is not None else None
        for owner in reversed(chain):
            self.lay_out_if_needed(owner)

    def orphans_first(self, ends):
        """A parentless controller appearing with its view inside another controller's view
        (an orphan) ends before that controller, with the controllers below it."""
        result = list(ends)
        index = 1
        while index < len(result):
            orphan = self.controllers[result[index]]
            enclosing = None
            if orphan.parent is None and orphan.state == "appearing" and orphan.view is not None:
                superview = self.views[orphan.view].superview
                enclosing = self.nearest_owner(superview) if superview is not None else None
            if enclosing is None or enclosing not in result[:index]:
                index += 1
                continue
            target = result.index(enclosing)
            end = index + 1
            while end < len(result) and self.is_below(self.controllers[result[end]].view, orphan.view):
                end += 1
            run = result[index:end]
            del result[index:end]
            result[target:target] = run
            index = end
        return result

    def is_below(self, view_id, ancestor_id):
        if view_id is None or view_id not in self.views:
            return False
        current = self.views[view_id].superview
        while current is not None:
            if current == ancestor_id:
                return True
            current = self.views[current].superview
        return False

    # Transitions

    def start_transition(self, parent_id, from_id, to_id, duration, options, completion):
        if "no-transitions" in self.bugs:
            raise NotImplementedYet("transition(from:to:duration:options:animations:completion:) is not implemented")
        self.controller(parent_id)
        from_node = self.controller(from_id)
        to_node = self.controller(to_id)
        if from_node.parent != parent_id or to_node.parent != parent_id:
            raise UIKitException(
                "NSInvalidArgumentException",
                f"Children view controllers {describe(from_id)} and {describe(to_id)} must have a common parent view controller "
                "when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")
        self.load_view_if_needed(from_id)
        self.load_view_if_needed(to_id)
        self.transition_count += 1
        transition_id = f"t{self.transition_count}"
        container = self.views[from_node.view].superview
        forwards = self.controllers[parent_id].forwards and container is not None and self.visible and self.views[container].in_window
        self.running[transition_id] = {
            "id": transition_id, "number": self.transition_count, "parent": parent_id, "from": from_id, "to": to_id,
            "completesAt": self.now + duration, "forwards": forwards, "completion": completion, "driven": [],
        }
        animated = duration > 0
        if forwards:
            self.begin_appearance_transition(from_id, False, animated, ("transition", transition_id))
            self.begin_appearance_transition(to_id, True, animated, ("transition", transition_id))
        if container is not None:
            self.add_subview(to_node.view, container)

    def complete_transition(self, transition_id):
        record = self.running.pop(transition_id)
        parent_id, from_id, to_id = record["parent"], record["from"], record["to"]
        def adopted(node):  # another container took it over meanwhile
            return node.parent is not None and node.parent != parent_id

        from_node = self.controllers.get(from_id)
        if from_node is not None and not adopted(from_node) and from_node.view is not None:
            self.remove_from_superview(from_node.view)
        if record["forwards"]:
            for side in (from_id, to_id):
                node = self.controllers.get(side)
                if node is not None and (not adopted(node) or node.driver == ("transition", transition_id)):
                    self.end_appearance_transition(side)
        for controller_id in record["driven"]:
            node = self.controllers.get(controller_id)
            if node is not None and node.driver == ("transition", transition_id):
                self.end_appearance(controller_id)
        if parent_id in self.controllers:
            self.emit(parent_id, "transitionCompletion", {"transition": transition_id, "finished": True, "from": from_id, "to": to_id})
        for index, call in enumerate(record["completion"]):
            try:
                self.transaction(lambda: self.perform(call))
            except (UIKitException, BadRequest) as error:
                self.warn(parent_id, f"completion call {index} of transition {transition_id} failed: {error}")

    # The guide's recipes

    def display_content_controller(self, parent_id, child_id, container_view=None, frame=None):
        parent = self.controller(parent_id)
        self.controller(child_id)
        if container_view is not None:
            declared = dict(parent.container_views)
            if container_view not in declared:
                raise BadRequest(f"{parent_id} has no container view {container_view}")
            target = container_view
            whole = self.views[container_view].frame if container_view in self.views else (declared[container_view] or (0.0, 0.0) + self.size)
        else:
            target = parent_id + ".view"
            whole = self.views[target].frame if target in self.views else (0.0, 0.0) + self.size
        self.perform({"receiver": parent_id, "method": "addChild", "args": {"child": child_id}})
        frame = frame or bounds(whole)
        self.perform({"receiver": child_id + ".view", "method": "setFrame", "args": {"frame": {"x": frame[0], "y": frame[1], "width": frame[2], "height": frame[3]}}})
        self.perform({"receiver": target, "method": "addSubview", "args": {"view": child_id + ".view"}})
        self.perform({"receiver": child_id, "method": "didMove", "args": {"toParent": parent_id}})

    def hide_content_controller(self, parent_id, child_id):
        self.controller(parent_id)
        if self.controller(child_id).parent != parent_id:
            raise BadRequest(f"{child_id} is not a child of {parent_id}")
        self.will_move(child_id, None)
        self.remove_from_superview(self.resolve_view(child_id + ".view"))
        self.remove_from_parent(child_id)

    def cycle_from_view_controller(self, parent_id, from_id, to_id, duration, options):
        self.controller(parent_id)
        from_node = self.controller(from_id)
        self.controller(to_id)
        self.will_move(from_id, None)
        self.add_child(parent_id, to_id)
        if from_node.view is not None:
            frame = self.views[from_node.view].frame
            self.set_frame(self.resolve_view(to_id + ".view"), frame)
        completion = [
            {"receiver": from_id, "method": "removeFromParent"},
            {"receiver": to_id, "method": "didMove", "args": {"toParent": parent_id}},
        ]
        self.start_transition(parent_id, from_id, to_id, duration, options, completion)

    # The window

    def set_hidden(self, hidden):
        if self.visible != hidden:
            return
        self.visible = not hidden
        if hidden:
            self.disappear_walk("window")
        else:
            self.appear_walk("window")

    def set_root(self, root_id):
        self.root = root_id
        self.load_view_if_needed(root_id)
        view_id = self.controllers[root_id].view
        self.set_frame(view_id, (0.0, 0.0) + self.size)
        self.add_subview(view_id, "window")

    def set_size(self, size):
        if size == self.size:
            return
        current = {}
        stack = [self.root] if self.root else []
        while stack:
            node = self.controllers[stack.pop()]
            if node.view is not None:
                current[node.id] = self.views[node.view].frame[2:]
            stack += node.children
        self.size = size
        self.set_frame("window", (0.0, 0.0) + size)
        if self.root is None:
            return
        stack = [(self.root, size)]
        while stack:
            controller_id, new_size = stack.pop()
            node = self.controllers[controller_id]
            self.emit(controller_id, "viewWillTransition", {"size": size_json(new_size)})
            for child in reversed(node.children):
                child_size = node.child_content_sizes.get(child, new_size)
                if current.get(child) != child_size:
                    stack.append((child, child_size))

    def set_size_class(self, size_class, during=None):
        """willTransition to every controller, then (a rotation) the size change, then
        traitCollectionDidChange to every controller, each walk from the root, parents first."""
        previous = self.size_class
        if size_class == previous:
            if during:
                during()
            return
        self.size_class = size_class
        order, stack = [], [self.root] if self.root else []
        while stack:
            controller_id = stack.pop()
            order.append(controller_id)
            stack += reversed(self.controllers[controller_id].children)
        for controller_id in order:
            self.emit(controller_id, "willTransition", {"newCollection": {"horizontalSizeClass": size_class}})
        if during:
            during()
        for controller_id in order:
            self.emit(controller_id, "traitCollectionDidChange", {"previousTraitCollection": {"horizontalSizeClass": previous}})

    # Raw calls

    def perform(self, call):
        receiver, method, args = call["receiver"], call["method"], call.get("args", {})
        if method == "runLoop":
            self.flush_turn()
        elif receiver == "window":
            if method == "setHidden":
                self.set_hidden(args["hidden"])
            elif method == "setSize":
                size = (float(args["size"]["width"]), float(args["size"]["height"]))
                if "horizontalSizeClass" in args:
                    self.set_size_class(args["horizontalSizeClass"], during=lambda: self.set_size(size))
                else:
                    self.set_size(size)
            elif method == "setHorizontalSizeClass":
                self.set_size_class(args["sizeClass"])
            else:
                raise NotImplementedYet(f"window.{method} is not implemented")
        elif receiver in self.controllers:
            self.perform_on_controller(receiver, method, args)
        else:
            view_id = self.resolve_view(receiver)
            if method == "addSubview":
                self.add_subview(self.resolve_view(args["view"]), view_id)
            elif method == "insertSubview":
                self.add_subview(self.resolve_view(args["view"]), view_id, args["at"])
            elif method == "removeFromSuperview":
                self.remove_from_superview(view_id)
            elif method == "setFrame":
                self.set_frame(view_id, rect(args["frame"]))
            elif method == "layoutIfNeeded":
                self.layout_if_needed(view_id)
            else:
                raise NotImplementedYet(f"{method} is not implemented")

    def perform_on_controller(self, controller_id, method, args):
        if method == "addChild":
            self.add_child(controller_id, args["child"])
        elif method == "removeFromParent":
            self.remove_from_parent(controller_id)
        elif method == "willMove":
            self.will_move(controller_id, args.get("toParent"))
        elif method == "didMove":
            self.emit(controller_id, "didMove", {"parent": args.get("toParent")})
        elif method == "beginAppearanceTransition":
            self.begin_appearance_transition(controller_id, args["isAppearing"], args.get("animated", False), "manual")
        elif method == "endAppearanceTransition":
            self.end_appearance_transition(controller_id)
        elif method == "transition":
            self.start_transition(controller_id, args["from"], args["to"], args.get("duration", 0.25), args.get("options", []), [])
        elif method == "loadViewIfNeeded":
            self.load_view_if_needed(controller_id)
        elif method == "unloadView":
            node = self.controllers[controller_id]
            if node.view is not None:
                if self.views[node.view].superview is not None:
                    raise UIKitException("NSInternalInconsistencyException", f"Cannot unload the view of {describe(controller_id)} while it is in a view hierarchy")
                stack = [node.view]
                while stack:
                    view = self.views.pop(stack.pop())
                    stack += [sub for sub in view.subviews if self.views[sub].owner is None]
                node.view = None
        elif method == "setNeedsStatusBarAppearanceUpdate":
            self.emit(controller_id, "setNeedsStatusBarAppearanceUpdate")
        else:
            raise NotImplementedYet(f"{method} is not implemented")

    def update(self, controller_id, patch):
        node = self.controller(controller_id)
        unknown = set(patch) - PATCH_FIELDS
        if unknown:
            raise NotImplementedYet(f"changing {', '.join(sorted(unknown))} is not implemented")
        if "automaticallyForwardsAppearance" in patch:
            node.forwards = patch["automaticallyForwardsAppearance"]
        if "childContentSizes" in patch:
            node.child_content_sizes = {key: (value["width"], value["height"]) for key, value in patch["childContentSizes"].items()}
        if "preferredContentSize" in patch:
            size = (patch["preferredContentSize"]["width"], patch["preferredContentSize"]["height"])
            if size != node.preferred_content_size:
                node.preferred_content_size = size
                if node.parent is not None:
                    self.emit(node.parent, "preferredContentSizeDidChange", {"child": controller_id, "size": size_json(size)})
        for key, value in sorted((patch.get("properties") or {}).items()):
            old = node.properties.get(key)
            if old != value:
                if value is None:
                    node.properties.pop(key, None)
                else:
                    node.properties[key] = value
                self.emit(controller_id, "propertyDidChange", {"key": key, "old": old, "new": value})


class Adapter:
    """The REST calls the conformance runner makes, each one run-loop turn of a tree."""

    def __init__(self, bugs):
        self.bugs = bugs
        self.trees = {}
        self.count = 0

    def route(self, method, path, body):
        """Returns (status, body); None when no route matches (answered 404)."""
        if method == "POST" and path == "/v1/trees":
            self.count += 1
            tree = Tree(body, self.bugs)
            tree_id = f"tree{self.count}"
            tree.transaction(lambda: (tree.create(body), tree.flush_turn()))
            self.trees[tree_id] = tree
            return 201, {"tree": {"id": tree_id}, "events": tree.events}
        match = re.fullmatch(r"/v1/trees/([^/]+)(/.*)?", path)
        if not match or match.group(1) not in self.trees:
            return None
        tree, rest = self.trees[match.group(1)], match.group(2) or ""
        tree.events = []
        if method == "DELETE" and rest == "":
            del self.trees[match.group(1)]
            return 204, None
        if method == "POST" and rest == "/calls":
            for call in body["calls"]:
                try:
                    tree.transaction(lambda: tree.perform(call))
                except UIKitException as exception:
                    tree.flush_turn()
                    return 409, {"title": exception.name, "detail": exception.reason, "events": tree.events}
            tree.flush_turn()
            return 200, {"events": tree.events}
        if method == "POST" and rest == "/clock":
            tree.now += body["advance"]
            tree.flush_turn()
            return 200, {"events": tree.events}
        if method == "POST" and rest == "/controllers":
            return self.atomically(tree, 201, lambda: tree.build(body))
        parts = rest.split("/")  # "", "controllers", id, ...
        if len(parts) == 3 and parts[1] == "controllers" and method == "PATCH":
            status, answer = self.atomically(tree, 200, lambda: tree.update(parts[2], body))
            if "patch-without-events" in self.bugs and status == 200:
                return 200, {"controller": {"id": parts[2]}}
            return status, answer
        if len(parts) == 4 and parts[1] == "controllers" and parts[3] == "children" and method == "POST":
            frame = rect(body["frame"]) if "frame" in body else None
            return self.atomically(tree, 201, lambda: tree.display_content_controller(parts[2], body["child"], body.get("containerView"), frame))
        if len(parts) == 5 and parts[1] == "controllers" and parts[3] == "children" and method == "DELETE":
            return self.atomically(tree, 200, lambda: tree.hide_content_controller(parts[2], parts[4]))
        if len(parts) == 4 and parts[1] == "controllers" and parts[3] == "transitions" and method == "POST":
            if "no-transitions" in self.bugs:
                return None
            return self.atomically(
                tree, 202, lambda: tree.cycle_from_view_controller(parts[2], body["from"], body["to"], body.get("duration", 0.25), body.get("options", [])))
        return None

    @staticmethod
    def atomically(tree, status, body):
        try:
            tree.transaction(lambda: (body(), tree.flush_turn()))
        except UIKitException as exception:
            return 409, {"title": exception.name, "detail": exception.reason, "events": []}
        return status, {"events": tree.events}


class Handler(BaseHTTPRequestHandler):
    adapter = None

    def handle_request(self, method):
        if "hang" in self.adapter.bugs:
            time.sleep(3600)
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length)) if length else {}
            answer = self.adapter.route(method, self.path, body)
        except UIKitException as exception:
            answer = 409, {"title": exception.name, "detail": exception.reason, "events": []}
        except NotImplementedYet as missing:
            answer = 501, {"type": "about:blank", "title": "Not Implemented", "status": 501, "detail": str(missing)}
        except (BadRequest, KeyError, ValueError, TypeError) as error:
            answer = 400, {"type": "about:blank", "title": "Bad Request", "status": 400, "detail": str(error)}
        if answer is None:
            self.send(404, "text/plain", f"no route for {method} {self.path}\n".encode())
        elif answer[1] is None:
            self.send(answer[0], None, b"")
        else:
            kind = "application/problem+json" if answer[0] >= 400 else "application/json"
            self.send(answer[0], kind, json.dumps(answer[1]).encode())

    def send(self, status, content_type, data):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        self.handle_request("POST")

    def do_PATCH(self):
        self.handle_request("PATCH")

    def do_DELETE(self):
        self.handle_request("DELETE")

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--bug", action="append", default=[], choices=sorted(BUGS))
    options = parser.parse_args()
    # A test runner may start us with SIGTERM ignored (inherited across exec): its stop must stop us.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    Handler.adapter = Adapter(set(options.bug))
    server = HTTPServer(("127.0.0.1", options.port), Handler)
    print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
