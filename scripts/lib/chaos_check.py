"""The offline checker of a chaos run (scripts/chaos): reads a history (JSON lines written by
scripts/lib/chaos.py: the run's settings, every operation, every fault, each tree's final
journal read back from the beginning) and checks it against the documented guarantees.

- lost acknowledgements: a 2xx change whose events are not in the final journal at their
  seqs, with the same content, or a created controller missing from its final tree;
- forks: a seq a client saw (in an answer, a stream or a read's state) that the final journal
  has with other content (on a stream, unless the stream was sent a `reset` after it), or an
  ETag that named two states;
- refused changes applied: a change answered with a problem (other than one whose
  `changeOutcome` is `inDoubt`), or never sent (its connection refused), that is in the final
  journal;
- stale reads: a read begun after a change (or another read) of its tree completed that shows
  an older version (a lower lastSeq, or without an acknowledged controller), or raw calls
  refused 404 for a controller whose creation was acknowledged before they began;
- stream gaps and duplicates: seqs on one stream, across its Last-Event-ID resumptions, that
  do not follow each other without a `reset` before;
- time to serve after each fault: its end to the first 2xx answer on each tree it affected.

With `--state-sync full` nothing acknowledged may be lost. With `normal` a crash of the
database server may lose the commits acknowledged just before it (docs/deployment.md: at most
three times wal_writer_delay, 600 ms; allowed here within 1 s before a PostgreSQL restart),
and what was lost may be shown stale afterwards; a fork stays a violation in both.

Usage: chaos_check.py HISTORY   (exit status 1 on any violation)
"""

import bisect
import json
import statistics
import sys

LOSS_WINDOW = 1.0  # seconds before a database crash whose acknowledgements `normal` may lose


def load(path):
    run, operations, faults, final = None, [], [], {}
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            op = record["op"]
            if op == "run":
                run = record
            elif op == "fault":
                faults.append(record)
            elif op == "final":
                final[record["tree"]] = record
            else:
                operations.append(record)
    if run is None:
        raise SystemExit(f"{path}: no run record")
    return run, operations, faults, final


class Journal:
    """One tree's final journal: events by seq, and the root's properties as of each seq."""

    def __init__(self, record):
        self.last_seq = record["lastSeq"]
        self.controllers = set(record["controllers"])
        self.by_seq = {e["seq"]: e for e in record["events"]}
        self.changes = []  # (seq, key, new) of the root's propertyDidChange, in seq order
        self.linked = set()
        for e in record["events"]:
            if e.get("callback") == "propertyDidChange" and e.get("controller") == "root":
                self.changes.append((e["seq"], e["args"]["key"], e["args"]["new"]))
            if e.get("callback") == "willMove" and (e.get("args") or {}).get("parent") == "root":
                self.linked.add(e["controller"])
        self.change_seqs = [c[0] for c in self.changes]
        self.applied = {(key, new) for _, key, new in self.changes}

    def properties_at(self, seq):
        values = {}
        for _, key, new in self.changes[: bisect.bisect_right(self.change_seqs, seq)]:
            values[key] = new
        return values


class Check:
    def __init__(self, run, operations, faults, final):
        self.run = run
        self.normal = run["stateSync"] == "normal"
        self.operations = operations
        self.faults = faults
        self.journals = {tree: Journal(record) for tree, record in final.items()}
        self.crashes = sorted((f["start"], f["end"]) for f in faults if f["kind"] == "pg-restart")
        self.violations = {"lost": [], "forks": [], "refused applied": [], "stale reads": [], "stream gaps": [],
                           "stream duplicates": [], "streams that received nothing": []}
        self.allowed_losses = []
        self.dropped = []  # events a stream saw with other content, then was sent a `reset`

    def violation(self, kind, text):
        self.violations[kind].append(text)

    def loss_allowed(self, moment):
        """Whether `normal` may lose what was acknowledged (or shown) at `moment`."""
        return self.normal and any(start - LOSS_WINDOW <= moment <= end for start, end in self.crashes)

    def lost(self, moment, text):
        if self.loss_allowed(moment):
            self.allowed_losses.append(text)
        else:
            self.violation("lost", text)

    def seen(self, tree, event, moment, where, reset_later=False):
        """An event a client saw, against the final journal: True when it is there as seen. One
        a stream later told the client to drop (a `reset`: the replay starts over) is no fork."""
        journal = self.journals.get(tree)
        if journal is None:
            self.violation("lost", f"{where}: tree {tree} has no final journal")
            return False
        stored = journal.by_seq.get(event["seq"])
        if stored is None:
            self.lost(moment, f"{where}: {tree} seq {event['seq']} (batch {event.get('batch')}) is not in the final journal "
                              f"(last seq {journal.last_seq})")
            return False
        if stored != event and reset_later:
            self.dropped.append(f"{where}: {tree} seq {event['seq']}")
            return False
        if stored != event:
            self.violation("forks", f"{where}: {tree} seq {event['seq']} was {json.dumps(event, sort_keys=True)}, "
                                    f"the final journal has {json.dumps(stored, sort_keys=True)}")
            return False
        return True

    def changes(self):
        acknowledged = refused = in_doubt = 0
        for op in self.operations:
            if op["op"] not in ("change", "create", "create-tree"):
                continue
            status = op.get("status")
            where = f"{op['method']} {op['path']} at {op['invoke']:.3f} on instance {op['instance']}"
            journal = self.journals.get(op["tree"])
            if status is not None and 200 <= status < 300:
                acknowledged += 1
                for event in op.get("events", []):
                    self.seen(op["tree"], event, op["complete"], f"acknowledged {where}")
                if op["op"] == "create" and journal and op["body"]["id"] not in journal.controllers:
                    self.lost(op["complete"], f"acknowledged {where}: controller {op['body']['id']} is not in the final tree")
            elif (status is not None and op.get("changeOutcome") != "inDoubt") or op.get("sent") is False:
                refused += 1
                if journal is None:
                    continue
                body = op["body"]
                if op["method"] == "PATCH":
                    applied = any((key, value) in journal.applied for key, value in body["properties"].items())
                elif op["op"] == "create":
                    applied = body["id"] in journal.controllers
                elif op["op"] == "change":
                    applied = body["calls"][0]["args"]["child"] in journal.linked
                else:
                    applied = False
                if applied:
                    self.violation("refused applied", f"{where} answered {status} {op.get('code')} but is in the final journal")
            else:
                in_doubt += 1
        return acknowledged, refused, in_doubt

    def reads(self):
        """Forks and stale reads. A read's required version: the highest seq acknowledged or read
        on its tree before it began (with `normal`, one from before the end of a database crash
        counts only if the final journal kept it), and every controller acknowledged before it
        began."""
        count = 0
        etags = {}
        by_tree = {}
        for op in self.operations:
            if op["op"] in ("change", "create", "read", "create-tree") and 200 <= (op.get("status") or 0) < 300:
                by_tree.setdefault(op["tree"], []).append(op)
        for tree, ops in by_tree.items():
            journal = self.journals.get(tree)
            if journal is None:
                continue
            marks = sorted(((op["complete"], 0, op) for op in ops), key=lambda m: m[0])
            marks += [(op["invoke"], 1, op) for op in ops if op["op"] == "read"]
            marks.sort(key=lambda m: (m[0], -m[1]))
            durable_seq, recent_seq, required = 0, 0, set()
            crashes = iter(sorted(end for _, end in self.crashes))
            next_crash = next(crashes, None)
            for moment, is_begin, op in marks:
                while self.normal and next_crash is not None and next_crash <= moment:
                    recent_seq = 0  # what a crash may have taken back no longer binds
                    required = {name for name in required if name in journal.controllers}
                    next_crash = next(crashes, None)
                if not is_begin:
                    seq = op["lastSeq"] if op["op"] == "read" else max((e["seq"] for e in op.get("events", [])), default=0)
                    kept = seq <= journal.last_seq and (op["op"] == "read" or all(
                        journal.by_seq.get(e["seq"]) == e for e in op.get("events", [])))
                    if kept:
                        durable_seq = max(durable_seq, seq)
                    recent_seq = max(recent_seq, seq)
                    if op["op"] == "create":
                        required.add(op["body"]["id"])
                    continue
                count += 1
                where = f"GET /v1/trees/{tree} at {op['invoke']:.3f} on instance {op['instance']}"
                needed = max(durable_seq, recent_seq)
                if op["lastSeq"] < needed:
                    self.violation("stale reads", f"{where}: lastSeq {op['lastSeq']}, but seq {needed} was acknowledged "
                                                  "or read before it began")
                missing = required - set(op["controllers"])
                if missing:
                    self.violation("stale reads", f"{where}: without {sorted(missing)[:3]} acknowledged before it began")
                if op["lastSeq"] > journal.last_seq:
                    self.lost(op["complete"], f"{where}: showed lastSeq {op['lastSeq']}, the final journal ends at "
                                              f"{journal.last_seq}")
                elif op["properties"] != journal.properties_at(op["lastSeq"]):
                    self.violation("forks", f"{where}: root properties {op['properties']} at lastSeq {op['lastSeq']}, "
                                            f"the final journal has {journal.properties_at(op['lastSeq'])}")
                if op.get("etag"):
                    state = (op["lastSeq"], json.dumps(op["properties"], sort_keys=True))
                    earlier = etags.setdefault((tree, op["etag"]), state)
                    if earlier != state:
                        self.violation("forks", f"{where}: ETag {op['etag']} named lastSeq {earlier[0]} "
                                                f"{earlier[1]} and now lastSeq {state[0]} {state[1]}")
        return count

    def stale_refusals(self):
        """Raw calls refused 404 for a controller whose creation was acknowledged before they
        began (and kept): a refusal decided on an older version is a stale read too."""
        created = {}
        for op in self.operations:
            if op["op"] == "create" and op.get("status") == 201:
                created[(op["tree"], op["body"]["id"])] = op["complete"]
        for op in self.operations:
            if op["op"] != "change" or op.get("status") != 404 or "calls" not in op["body"]:
                continue
            child = op["body"]["calls"][0]["args"]["child"]
            journal = self.journals.get(op["tree"])
            acknowledged = created.get((op["tree"], child))
            if acknowledged is not None and acknowledged < op["invoke"] and journal and child in journal.controllers:
                self.violation("stale reads", f"POST {op['path']} at {op['invoke']:.3f} on instance {op['instance']}: answered "
                                              f"404 {op.get('code')}, but {child} was acknowledged before it began")

    def streams(self):
        connections = events = moves = resets = 0
        by_stream = {}
        for op in self.operations:
            if op["op"] == "stream":
                by_stream.setdefault(op["stream"], []).append(op)
        for number, records in by_stream.items():
            last = None
            records.sort(key=lambda r: r["invoke"])
            resets_at = [item["at"] for r in records for item in r["items"] if item.get("control") == "reset"]
            last_reset = max(resets_at, default=float("-inf"))
            for record in records:
                connections += 1
                after_reset = False
                where = f"stream {number} on {record['tree']} (instance {record['instance']}, Last-Event-ID " \
                        f"{record['lastEventId']}, at {record['invoke']:.3f})"
                for item in record["items"]:
                    if "control" in item:
                        moves += item["control"] == "treeMoved"
                        if item["control"] == "reset":
                            resets += 1
                            after_reset = True
                        continue
                    events += 1
                    seq = item["seq"]
                    expected = 1 if last is None else last + 1
                    if seq != expected and not after_reset:
                        kind = "stream gaps" if seq > expected else "stream duplicates"
                        self.violation(kind, f"{where}: seq {seq} after {last}")
                    after_reset = False
                    last = seq
                    self.seen(record["tree"], item["event"], item["at"], where, reset_later=item["at"] < last_reset)
        return connections, events, moves, resets

    def time_to_serve(self):
        """Per fault kind: seconds from each fault's end to the first 2xx answer on each tree it
        affected (requests begun after the end), and the trees not served before the next fault."""
        served = {}
        for op in self.operations:
            if op["op"] in ("change", "create", "read") and 200 <= (op.get("status") or 0) < 300:
                served.setdefault(op["tree"], []).append((op["invoke"], op["complete"]))
        for answers in served.values():
            answers.sort()
        figures, unserved = {}, []
        ordered = sorted(self.faults, key=lambda f: f["start"])
        for index, fault in enumerate(ordered):
            until = ordered[index + 1]["start"] if index + 1 < len(ordered) else float("inf")
            for tree in fault["affected"]:
                answers = served.get(tree, [])
                first = bisect.bisect_left(answers, (fault["end"], 0))
                completions = [c for _, c in answers[first:] if c < until]
                if completions:
                    figures.setdefault(fault["kind"], []).append(min(completions) - fault["end"])
                else:
                    unserved.append(f"{fault['kind']} at {fault['start']:.3f}: {tree}")
        return figures, unserved


def percentiles(values):
    values = sorted(values)
    return f"p50 {statistics.median(values):.2f} s, max {values[-1]:.2f} s over {len(values)}"


def main(arguments):
    run, operations, faults, final = load(arguments[0])
    check = Check(run, operations, faults, final)
    acknowledged, refused, in_doubt = check.changes()
    reads = check.reads()
    check.stale_refusals()
    connections, events, moves, resets = check.streams()
    figures, unserved = check.time_to_serve()
    say = print
    say(f"== checked {arguments[0]}: seed {run['seed']}, --state-sync {run['stateSync']}, {run['instances']} instances, "
        f"{len(final)} trees, {sum(len(r['events']) for r in final.values())} events in the final journals")
    say(f"   faults: " + ", ".join(f"{kind} ×{sum(1 for f in faults if f['kind'] == kind)}"
                                   for kind in sorted({f['kind'] for f in faults})))
    say(f"   changes: {acknowledged} acknowledged, {refused} refused or not sent, {in_doubt} without a decided answer; "
        f"{reads} reads of 200")
    say(f"   streams: {connections} connections ({moves} ended with treeMoved, {resets} resets), {events} events received")
    if connections and not events and acknowledged:
        # Streams that received nothing while changes were made checked nothing (a misread stream).
        check.violation("streams that received nothing", f"{connections} connections, {acknowledged} changes acknowledged")
    all_figures = [v for values in figures.values() for v in values]
    if all_figures:
        say(f"   time to serve after a fault (its end → first 2xx on each tree it affected): {percentiles(all_figures)}")
        for kind in sorted(figures):
            say(f"     {kind}: {percentiles(figures[kind])}")
    if unserved:
        say(f"   not served before the next fault: {len(unserved)} ({'; '.join(unserved[:5])})")
    if check.dropped:
        say(f"   seen on a stream with other content than the final journal, then dropped by a reset the stream was sent: "
            f"{len(check.dropped)} ({check.dropped[0]})")
    if check.allowed_losses:
        say(f"   lost, as --state-sync normal allows (acknowledged or shown within {LOSS_WINDOW:.0f} s before a "
            f"PostgreSQL crash): {len(check.allowed_losses)} ({check.allowed_losses[0]})")
    failed = False
    for kind, found in check.violations.items():
        say(f"   {kind}: {len(found)}")
        for text in found[:5]:
            say(f"     {text}")
        failed = failed or bool(found)
    say("== chaos check " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
