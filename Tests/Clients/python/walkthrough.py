"""The README's walkthrough through the client openapi-python-client generates from openapi.yaml
with its default options, against a live server: every step's typed result is checked against
the output the README prints under that step, so the README and the contract stay true for a
Python user. Also creates a tree without a body (the contract's optional request body).

Usage: walkthrough.py GENERATED_CLIENT_DIR BASE_URL README
"""

import json
import re
import sys

sys.path.insert(0, sys.argv[1])

from containment_client import Client  # noqa: E402
from containment_client.api.calls import perform_calls  # noqa: E402
from containment_client.api.containment import add_child, remove_child, transition  # noqa: E402
from containment_client.api.controllers import create_controller  # noqa: E402
from containment_client.api.events import draw_events, list_events  # noqa: E402
from containment_client.api.time import advance_clock  # noqa: E402
from containment_client.api.trees import create_tree, delete_tree, get_tree, print_hierarchy  # noqa: E402
from containment_client.models import (  # noqa: E402
    AddChild,
    Calls,
    ClockAdvance,
    ClockResult,
    ContainerViewSpec,
    ControllerMutation,
    ControllerSpec,
    CreateTree,
    EventPage,
    EventsOnly,
    ParentChildMutation,
    Problem,
    RawCall,
    Rect,
    TimelineFormat,
    Transition,
    TransitionMutation,
    Tree,
    TreeMutation,
)
from containment_client.models.arguments import Arguments  # noqa: E402
from containment_client.models.clock import Clock  # noqa: E402
from containment_client.models.transition_phase import TransitionPhase  # noqa: E402


def readme_outputs(path):
    """The output blocks that follow a shell block in the README's walkthrough, in order."""
    text = open(path, encoding="utf-8").read()
    walkthrough = text[text.index("## Walkthrough") : text.index("## Live event streams")]
    return [m.group(2) for m in re.finditer(r"```sh\n.*?```\n```(\w*)\n(.*?)```", walkthrough, re.S)]


def event_lines(block):
    """The README's `[seq, controller, callback(, args)]` lines of one output block."""
    return [json.loads(line) for line in block.splitlines() if line.startswith("[")]


def project(events, width):
    """Events as the README's jq filters print them: seq, controller, callback, then args."""
    rows = []
    for event in events:
        args = event.args.to_dict() if event.args else {}
        rows.append([event.seq, event.controller, event.callback.value, args][:width])
    return rows


def expect_type(value, kind, step):
    if not isinstance(value, kind):
        raise SystemExit(f"{step}: expected a {kind.__name__}, got {type(value).__name__}: {value!r}")
    return value


def expect_events(events, block, step):
    expected = event_lines(block)
    got = project(events, len(expected[0]))
    if got != expected:
        raise SystemExit(f"{step}: the README prints\n{expected}\nthe client got\n{got}")
    print(f"== {step}: {len(got)} events as the README prints them")


outputs = readme_outputs(sys.argv[3])
if len(outputs) != 8:
    raise SystemExit(f"the README's walkthrough has {len(outputs)} output blocks; this script follows 8")
client = Client(base_url=sys.argv[2], raise_on_unexpected_status=True)

# A tree without a body: the request body is optional in the contract.
bare = expect_type(create_tree.sync(client=client), TreeMutation, "create a tree without a body")
expect_type(delete_tree.sync(bare.tree.id, client=client), EventsOnly, "delete it")

content = Rect(x=0, y=100, width=390, height=744)
root = ControllerSpec(id="root", title="Container", container_views=[ContainerViewSpec(id="content", frame=content)])
created = create_tree.sync(client=client, body=CreateTree(id="demo", clock=Clock.MANUAL, root=root))
expect_events(expect_type(created, TreeMutation, "create").events, outputs[0], "create the tree")

for controller in ("map", "list"):
    body = ControllerSpec(id=controller)
    expect_type(create_controller.sync("demo", client=client, body=body), ControllerMutation, f"create {controller}")

frame = Rect(x=0, y=0, width=390, height=744)
added = add_child.sync("demo", "root", client=client, body=AddChild(child="map", container_view="content", frame=frame))
expect_events(expect_type(added, ParentChildMutation, "add").events, outputs[1], "add (displayContentController)")

running = transition.sync("demo", "root", client=client, body=Transition(from_="map", to="list", duration=0.25))
running = expect_type(running, TransitionMutation, "transition")
if json.dumps(running.transition.state.value) != outputs[2].splitlines()[0]:
    raise SystemExit(f"transition: state {running.transition.state}, the README prints {outputs[2].splitlines()[0]}")
if running.transition.state != TransitionPhase.RUNNING:
    raise SystemExit(f"transition: {running.transition.state}")
expect_events(running.events, outputs[2], "transition (cycleFromViewController)")

advanced = advance_clock.sync("demo", client=client, body=ClockAdvance(advance=0.25))
expect_events(expect_type(advanced, ClockResult, "advance").events, outputs[3], "advance the clock")

removed = remove_child.sync("demo", "root", "list", client=client)
expect_events(expect_type(removed, ParentChildMutation, "remove").events, outputs[4], "remove (hideContentController)")


def call(receiver, method, **args):
    arguments = Arguments()
    arguments.additional_properties = args
    return RawCall(receiver=receiver, method=method, args=arguments)


refused = perform_calls.sync(
    "demo", client=client,
    body=Calls(atomic=True, calls=[call("list", "addChild", child="map"), call("content", "addSubview", view="map.view")]))
problem = expect_type(refused, Problem, "the atomic batch UIKit refuses").to_dict()
expected_problem = json.loads(outputs[5])
if problem != expected_problem:
    raise SystemExit(f"calls: the README prints {expected_problem}, the client got {problem}")
print(f"== the atomic batch UIKit refuses: {problem['status']} {problem['title']}, as the README prints it")

hierarchy = expect_type(print_hierarchy.sync("demo", client=client), str, "hierarchy")
if hierarchy != outputs[6]:
    raise SystemExit(f"hierarchy: the README prints\n{outputs[6]}\nthe client got\n{hierarchy}")
print("== the hierarchy as text, as the README prints it")

page = expect_type(list_events.sync("demo", client=client, after=36, limit=100), EventPage, "the events page")
expect_events(page.events, outputs[7], "the events after 36, a typed EventPage")

drawing = expect_type(draw_events.sync("demo", client=client, format_=TimelineFormat.MERMAID), str, "timeline")
if not drawing.startswith("sequenceDiagram\n"):
    raise SystemExit(f"timeline: {drawing[:80]!r}")
expect_type(get_tree.sync("demo", client=client), Tree, "the tree")
expect_type(delete_tree.sync("demo", client=client), EventsOnly, "delete")
print("== done: every step typed and as the README prints it")
