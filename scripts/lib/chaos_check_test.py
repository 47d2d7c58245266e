"""The chaos checker's own tests: a small clean history passes, and each kind of violation
planted in it is found (and a loss `--state-sync normal` allows is not one).
Run by `scripts/chaos --self-test` and before every `scripts/chaos` run."""

import copy
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chaos_check  # noqa: E402


def event(seq, batch, key=None, new=None, old=None, controller="root", callback="propertyDidChange", parent=None):
    if callback == "propertyDidChange":
        return {"seq": seq, "batch": batch, "controller": controller, "callback": callback,
                "args": {"key": key, "new": new, "old": old}}
    return {"seq": seq, "batch": batch, "controller": controller, "callback": callback, "args": {"parent": parent}}


def op(kind, method, path, body, invoke, status=200, complete=None, instance=0, **extra):
    """One operation of tree t's history, answered 0.1 s after it began unless `complete` says."""
    return dict({"op": kind, "client": 0, "tree": "t", "instance": instance, "method": method, "path": path, "body": body,
                 "invoke": invoke, "complete": invoke + 0.1 if complete is None else complete, "status": status,
                 "etag": None}, **extra)


def history():
    """Tree t: created (seq 1), c0 = 1 (seq 2), controller x created and linked (seqs 3, 4),
    c0 = 2 (seq 5); reads after each; a stream that saw everything across one resumption; a
    refused change; a database restart at 100."""
    e1 = {"seq": 1, "batch": 1, "controller": "root", "callback": "loadView", "args": {}}
    e2 = event(2, 2, "c0", 1)
    e3 = event(3, 3, controller="x", callback="willMove", parent="root")
    e4 = event(4, 3, controller="x", callback="didMove", parent="root")
    e5 = event(5, 4, "c0", 2, 1)
    patch = "/v1/trees/t/controllers/root"
    return [
        {"op": "run", "seed": 7, "quick": True, "seconds": 0, "instances": 3, "stateSync": "full", "lease": 3.0},
        op("create-tree", "PUT", "/v1/trees/t", {}, 10, 201, events=[e1]),
        op("change", "PATCH", patch, {"properties": {"c0": 1}}, 20, events=[e2]),
        op("read", "GET", "/v1/trees/t", None, 21, events=[], lastSeq=2, properties={"c0": 1}, controllers=["root"],
           etag='"1-2"'),
        op("create", "POST", "/v1/trees/t/controllers", {"id": "x"}, 30, 201, events=[]),
        op("change", "POST", "/v1/trees/t/calls", {"calls": [{"receiver": "root", "method": "addChild",
                                                             "args": {"child": "x"}}]}, 31, events=[e3, e4]),
        op("change", "PATCH", patch, {"properties": {"c0": 3}}, 35, 503, code="tree_moved", changeOutcome=None),
        op("change", "PATCH", patch, {"properties": {"c0": 2}}, 99.5, events=[e5]),
        op("read", "GET", "/v1/trees/t", None, 110, events=[], lastSeq=5, properties={"c0": 2},
           controllers=["root", "x"], etag='"1-5"'),
        {"op": "stream", "stream": 0, "tree": "t", "instance": 1, "lastEventId": None, "invoke": 11, "complete": 32,
         "status": 200, "items": [{"seq": 1, "event": e1, "at": 11}, {"seq": 2, "event": e2, "at": 20},
                                  {"seq": 3, "event": e3, "at": 31}, {"control": "treeMoved", "at": 32}]},
        {"op": "stream", "stream": 0, "tree": "t", "instance": 2, "lastEventId": 3, "invoke": 33, "complete": 120,
         "status": 200, "items": [{"seq": 4, "event": e4, "at": 33}, {"seq": 5, "event": e5, "at": 99.7}]},
        {"op": "fault", "kind": "pg-restart", "affected": ["t"], "start": 100, "end": 103},
        {"op": "final", "tree": "t", "events": [e1, e2, e3, e4, e5], "lastSeq": 5, "controllers": ["root", "x"],
         "properties": {"c0": 2}},
    ]


def partition_history():
    """Tree t on instance 0 (created, c0 = 1: seqs 1, 2), then instance 0 partitioned from the
    database from 30 to 36, past its 3 s lease: a PATCH sent to it at 31 is committed late,
    after the heal, and fenced (503 `tree_moved`); instance 1 took the tree over meanwhile and
    acknowledged c0 = 2 (seq 3); a read on instance 0 during the partition is refused, and after
    the heal instance 0 serves the tree as instance 1 left it."""
    e1 = {"seq": 1, "batch": 1, "controller": "root", "callback": "loadView", "args": {}}
    e2 = event(2, 2, "c0", 1)
    e3 = event(3, 3, "c0", 2, 1)
    tree, patch = "/v1/trees/t", "/v1/trees/t/controllers/root"
    return [
        {"op": "run", "seed": 7, "quick": True, "seconds": 0, "instances": 3, "stateSync": "full", "lease": 3.0},
        op("create-tree", "PUT", tree, {}, 10, 201, events=[e1]),
        op("change", "PATCH", patch, {"properties": {"c0": 1}}, 20, events=[e2]),
        op("read", "GET", tree, None, 21, events=[], lastSeq=2, properties={"c0": 1}, controllers=["root"], etag='"1-2"'),
        op("change", "PATCH", patch, {"properties": {"c0": 3}}, 31, 503, complete=36.5, code="tree_moved", changeOutcome=None),
        op("read", "GET", tree, None, 33.5, 503, complete=35.5, code="state_unavailable"),
        op("change", "PATCH", patch, {"properties": {"c0": 2}}, 34.5, instance=1, events=[e3]),
        op("read", "GET", tree, None, 35, instance=1, events=[], lastSeq=3, properties={"c0": 2}, controllers=["root"],
           etag='"4-3"'),
        op("read", "GET", tree, None, 37, events=[], lastSeq=3, properties={"c0": 2}, controllers=["root"], etag='"5-3"'),
        {"op": "fault", "kind": "partition", "instance": 0, "affected": ["t"], "start": 30, "end": 36},
        {"op": "final", "tree": "t", "events": [e1, e2, e3], "lastSeq": 3, "controllers": ["root"], "properties": {"c0": 2}},
    ]


def check(records):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for record in records:
            f.write(json.dumps(record) + "\n")
    try:
        output = io.StringIO()
        with redirect_stdout(output):
            status = chaos_check.main([f.name])
        return status, output.getvalue()
    finally:
        os.unlink(f.name)


def found(output, kind):
    """The count the summary prints for one kind of violation."""
    line = next(line for line in output.splitlines() if line.strip().startswith(f"{kind}:"))
    return int(line.split(":")[1])


class CheckerTests(unittest.TestCase):
    def test_a_clean_history_passes(self):
        status, output = check(history())
        self.assertEqual(status, 0, output)
        self.assertIn("time to serve after a fault", output)

    def test_an_acknowledged_change_missing_from_the_final_journal_is_lost(self):
        records = history()
        final = records[-1]
        final["events"] = final["events"][:4]
        final["lastSeq"] = 4
        final["properties"] = {"c0": 1}
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertGreaterEqual(found(output, "lost"), 1)

    def test_normal_allows_that_loss_just_before_a_database_crash_but_not_earlier(self):
        records = history()
        records[0]["stateSync"] = "normal"
        final = records[-1]
        final["events"] = final["events"][:4]
        final["lastSeq"] = 4
        records[8].update(lastSeq=4, properties={"c0": 1}, etag='"1-4"')  # read after the crash
        status, output = check(records)
        self.assertEqual(status, 0, output)
        self.assertIn("as --state-sync normal allows", output)
        records = copy.deepcopy(records)
        final = records[-1]
        final["events"] = final["events"][:1]
        final["lastSeq"] = 1
        final["controllers"] = ["root"]
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertGreaterEqual(found(output, "lost"), 1)

    def test_a_seq_given_to_another_change_is_a_fork_even_with_normal(self):
        records = history()
        records[0]["stateSync"] = "normal"
        records[-1]["events"][4] = event(5, 4, "c1", 9)
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertGreaterEqual(found(output, "forks"), 1)

    def test_a_stream_told_by_a_reset_has_no_fork_but_the_answer_has(self):
        records = history()
        records[0]["stateSync"] = "normal"
        records[-1]["events"][4] = event(5, 4, "c1", 9)
        records[-1]["properties"] = {"c0": 1, "c1": 9}
        records[8].update(lastSeq=5, properties={"c0": 1, "c1": 9}, etag='"1-5"')
        records.insert(11, {"op": "stream", "stream": 0, "tree": "t", "instance": 0, "lastEventId": 5, "invoke": 104,
                            "complete": 105, "status": 200, "items": [{"control": "reset", "at": 104.5}]})
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "forks"), 1)  # the PATCH's answer, not the stream
        self.assertIn("then dropped by a reset", output)

    def test_an_etag_naming_two_states_is_a_fork(self):
        records = history()
        records[8]["etag"] = '"1-2"'
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "forks"), 1)

    def test_a_refused_change_in_the_final_journal_is_found(self):
        records = history()
        records[6]["body"] = {"properties": {"c0": 2}}
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "refused applied"), 1)

    def test_a_change_never_sent_in_the_final_journal_is_found(self):
        records = history()
        records[6].update(body={"properties": {"c0": 2}}, status=None, code=None, sent=False, error="refused")
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "refused applied"), 1)

    def test_a_read_older_than_an_acknowledged_change_is_stale(self):
        records = history()
        records[8].update(lastSeq=2, properties={"c0": 1}, etag='"1-2"')
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "stale reads"), 1)

    def test_a_read_without_an_acknowledged_controller_is_stale(self):
        records = history()
        records[8]["controllers"] = ["root"]
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "stale reads"), 1)

    def test_calls_refused_for_an_acknowledged_controller_are_a_stale_read(self):
        records = history()
        records.insert(6, dict(records[5], invoke=32, complete=32.1, status=404, code="controller_not_found", events=[]))
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "stale reads"), 1)

    def test_a_stream_that_skips_or_repeats_a_seq_is_found(self):
        records = history()
        items = records[10]["items"]
        items[0]["seq"], items[0]["event"] = 5, records[-1]["events"][4]
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "stream gaps"), 1)
        records = history()
        records[10]["items"].insert(0, {"seq": 3, "event": records[-1]["events"][2], "at": 33})
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "stream duplicates"), 1)

    def test_streams_that_received_nothing_while_changes_were_made_fail_the_run(self):
        records = history()
        records[9]["items"], records[10]["items"] = [], []
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "streams that received nothing"), 1)

    def test_a_stream_may_jump_after_a_reset(self):
        records = history()
        records[10]["items"] = [{"control": "reset", "at": 33}, records[10]["items"][1]]
        status, output = check(records)
        self.assertEqual(status, 0, output)


class PartitionTests(unittest.TestCase):
    """What an instance partitioned from the database past its lease may and may not leave."""

    def test_a_partition_whose_late_commit_was_fenced_passes(self):
        status, output = check(partition_history())
        self.assertEqual(status, 0, output)
        self.assertIn("partition:", output)

    def test_a_fenced_late_commit_found_in_the_final_journal_is_a_refused_change_applied(self):
        records = partition_history()
        final = records[-1]
        final["events"].append(event(4, 4, "c0", 3, 2))
        final.update(lastSeq=4, properties={"c0": 3})
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "refused applied"), 1)

    def test_a_late_commit_acknowledged_though_fenced_is_lost(self):
        records = partition_history()
        records[4].update(status=200, code=None, events=[event(4, 4, "c0", 3, 2)])
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "lost"), 1)

    def test_a_read_the_partitioned_instance_served_after_its_lease_lapsed_is_stale(self):
        records = partition_history()
        # Begun after instance 1 acknowledged c0 = 2 (34.6), still cut off, its lease long lapsed.
        records[5].update(invoke=35, complete=35.1, status=200, code=None, events=[], lastSeq=2, properties={"c0": 1},
                          controllers=["root"], etag='"1-2"')
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "stale reads"), 1)
        # The same read begun before that change was acknowledged is no violation.
        records[5].update(invoke=33.5, complete=35.5)
        status, output = check(records)
        self.assertEqual(status, 0, output)

    def test_a_change_acknowledged_by_both_sides_of_a_partition_is_a_fork(self):
        records = partition_history()
        # Instance 0 commits c0 = 3 as seq 3 while cut off, and shows it; instance 1 gave seq 3
        # to c0 = 2, which the final journal keeps.
        records[4].update(complete=31.5, status=200, code=None, events=[event(3, 3, "c0", 3, 1)])
        records[5].update(status=200, code=None, events=[], lastSeq=3, properties={"c0": 3}, controllers=["root"],
                          etag='"1-3"')
        records[7]["etag"] = '"1-3"'
        status, output = check(records)
        self.assertEqual(status, 1)
        self.assertEqual(found(output, "forks"), 3, output)  # the change's event, the read's state, the ETag


if __name__ == "__main__":
    unittest.main()
