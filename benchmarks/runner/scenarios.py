"""The wrk scenarios: what each one sends and the trees it needs."""

from dataclasses import dataclass, field

import fixtures

THREADS = 2  # wrk threads; the slot ids in the Lua scripts are per thread
# Requests of one wrk thread between an add and the remove of the same child: far more than
# can overtake each other (a slow request's p99 lasts a few hundred of them).
PAIR_DISTANCE = 1024


def slots_for(trees):
    return max(4, -(-PAIR_DISTANCE // trees))


@dataclass
class Scenario:
    key: str
    title: str
    script: str
    path: str = "/"
    # Builds what the scenario needs; returns (wrk script args, trees to delete after the run).
    build: object = None
    # True: build once and keep for every round (the run leaves the trees as it found them).
    reuse: bool = False
    # For the plot: which series and at which tree size.
    series: str = ""
    tree_size: int = 0
    built: object = field(default=None, repr=False)


def get_tree(size, gzip=False):
    """GET of a tree snapshot; with `gzip`, as most clients ask for it (Accept-Encoding: gzip)."""

    def build(client, tag):
        tree = f"get-{size}"
        status, _ = client.request("GET", f"/v1/trees/{tree}/hierarchy", expect=(200, 404))
        if status == 404:  # the identity and the gzip scenario share the tree
            fixtures.create_tree(client, tree, filler=size - 1)
        return (), []

    return Scenario(
        key=f"get-tree-{size}" + ("-gzip" if gzip else ""),
        title=f"GET /v1/trees/{{id}}, {size:,} controllers" + (", Accept-Encoding: gzip" if gzip else ""),
        script="get-gzip.lua" if gzip else "get.lua", path=f"/v1/trees/get-{size}", build=build, reuse=True,
        series="GET tree snapshot" + (", gzip" if gzip else ""), tree_size=size,
    )


def calls_hot(size, slots=32):
    """The /calls add+remove batch, all connections on one tree of `size` controllers."""

    def build(client, tag):
        tree = f"hot-{size}-0"
        ids = fixtures.slot_ids("w", THREADS, slots)
        fixtures.create_tree(client, tree, children=ids, filler=size - 1 - len(ids))
        fixtures.detach(client, tree, ids)
        return (f"hot-{size}-", 1, slots), []

    return Scenario(
        key=f"calls-hot-{size}", title=f"POST /calls add+remove, one hot tree of {size:,} controllers",
        script="calls.lua", build=build, reuse=True, series="add+remove (/calls), one tree", tree_size=size,
    )


def _slot_trees(client, prefix, trees, attached, detached):
    """`trees` trees named <prefix><n>, each with root's children `attached` and the
    controllers `detached` created with loaded views and then taken out again."""
    for t in range(trees):
        fixtures.create_tree(client, f"{prefix}{t}", children=attached + detached)
        fixtures.detach(client, f"{prefix}{t}", detached)
    return [f"{prefix}{t}" for t in range(trees)]


def calls_spread(trees, numbers=False):
    """The /calls add+remove batch over `trees` trees; with `numbers`, the same batch with its
    subview inserted at index 0 (`wrk/calls.lua`), a call that carries a number."""
    slots = slots_for(trees)

    def build(client, tag):
        prefix = f"{tag}-calls-" + ("numbers-" if numbers else "")
        made = _slot_trees(client, prefix, trees, [], fixtures.slot_ids("w", THREADS, slots))
        return (prefix, trees, slots) + (("numbers",) if numbers else ()), made

    if numbers:
        return Scenario(
            key=f"calls-numbers-{trees}-trees",
            title=f"POST /calls add+remove with a number (insertSubview at: 0), spread over {trees} trees",
            script="calls.lua", build=build,
        )
    return Scenario(
        key=f"calls-{trees}-trees", title=f"POST /calls add+remove, spread over {trees} trees",
        script="calls.lua", build=build,
    )


def children_recipe(trees):
    slots = slots_for(trees)

    def build(client, tag):
        prefix = f"{tag}-children-"
        made = _slot_trees(client, prefix, trees, [], fixtures.slot_ids("w", THREADS, slots))
        return (prefix, trees, slots), made

    return Scenario(
        key=f"children-{trees}-trees",
        title=f"POST/DELETE .../children (add/remove recipe), {trees} trees",
        script="children.lua", build=build,
    )


def transition_recipe(trees):
    slots = slots_for(trees)

    def build(client, tag):
        prefix = f"{tag}-transition-"
        a = fixtures.slot_ids("a", THREADS, slots)
        made = _slot_trees(client, prefix, trees, a, fixtures.slot_ids("b", THREADS, slots))
        return (prefix, trees, slots), made

    return Scenario(
        key=f"transition-{trees}-trees",
        title=f"POST .../transitions (duration 0), {trees} trees",
        script="transition.lua", build=build,
    )


HEALTHZ = Scenario(key="healthz", title="GET /healthz", script="get.lua", path="/healthz")


def full():
    return [
        HEALTHZ,
        get_tree(10), get_tree(100), get_tree(1000),
        get_tree(10, gzip=True), get_tree(100, gzip=True), get_tree(1000, gzip=True),
        calls_spread(64), calls_spread(64, numbers=True),
        calls_hot(100), calls_hot(1_000), calls_hot(10_000), calls_hot(100_000),
        children_recipe(64),
        transition_recipe(64),
    ]


def select(chosen, keys):
    """The scenarios of `chosen` whose key is one of `keys` or starts with one ending in `*`
    (`--only`); all of them when `keys` is empty."""
    if not keys:
        return chosen

    def matches(scenario, key):
        return scenario.key == key or (key.endswith("*") and scenario.key.startswith(key[:-1]))

    picked = [s for s in chosen if any(matches(s, k) for k in keys)]
    unknown = [k for k in keys if not any(matches(s, k) for s in chosen)]
    if unknown:
        raise SystemExit(f"--only: no scenario {', '.join(unknown)}; the keys are {', '.join(s.key for s in chosen)}")
    return picked


def quick():
    return [
        HEALTHZ,
        get_tree(100), get_tree(100, gzip=True),
        calls_spread(8), calls_spread(8, numbers=True),
        calls_hot(100), calls_hot(1_000),
        children_recipe(8),
        transition_recipe(8),
    ]
