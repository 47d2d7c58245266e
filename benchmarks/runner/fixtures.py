"""Trees the scenarios run against, built through the public API."""

GROUP_SIZE = 5_000  # controllers per request when growing big trees (keeps bodies small)


def slot_ids(prefix, threads, slots):
    """The per-thread slot controllers the wrk scripts name: <prefix><thread>-<slot>."""
    return [f"{prefix}{t}-{s}" for t in range(threads) for s in range(slots)]


def create_tree(client, tree_id, children=(), filler=0):
    """A visible tree: root with `children` (ids) and `filler` more plain children.

    Every controller is built on screen, so every view is loaded. Big fillers are added in
    groups (a detached subtree per request, then added to root) to keep bodies small."""
    inline = filler if filler <= GROUP_SIZE else 0
    specs = [{"id": c} for c in children] + [{"id": f"f{i}"} for i in range(inline)]
    client.request("POST", "/v1/trees", {"id": tree_id, "root": {"id": "root", "children": specs}})
    grow(client, tree_id, filler - inline)


def grow(client, tree_id, count):
    """Adds `count` controllers to root's subtree: groups of GROUP_SIZE (a group root and
    its children), each created detached and then added as a child of root."""
    group = 0
    while count > 0:
        size = min(GROUP_SIZE, count)
        group_id = f"g{group}"
        spec = {"id": group_id, "children": [{"id": f"g{group}-{i}"} for i in range(size - 1)]}
        client.request("POST", f"/v1/trees/{tree_id}/controllers", spec)
        client.request("POST", f"/v1/trees/{tree_id}/controllers/root/children", {"child": group_id})
        count -= size
        group += 1


def detach(client, tree_id, ids):
    """Takes root's children `ids` out again (willMove(nil), removeFromSuperview,
    removeFromParent) in one batch, leaving them detached with loaded views."""
    calls = []
    for c in ids:
        calls += [
            {"receiver": c, "method": "willMove", "args": {"toParent": None}},
            {"receiver": f"{c}.view", "method": "removeFromSuperview"},
            {"receiver": c, "method": "removeFromParent"},
        ]
    client.request("POST", f"/v1/trees/{tree_id}/calls", {"calls": calls})


def delete_tree(client, tree_id):
    client.request("DELETE", f"/v1/trees/{tree_id}", expect=(200, 202, 204, 404))


def controller_count(client, tree_id):
    snapshot = client.json("GET", f"/v1/trees/{tree_id}")
    return len(snapshot["controllers"])
