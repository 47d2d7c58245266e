-- Shared by every scenario script: prints the run's figures as one JSON line from done(),
-- which the runner parses.
--
-- The scripts keep wrk's own per-request work as small as the hello-world's, because wrk
-- shares the machine's cores with the server it measures:
-- - no `response` function: with one, wrk copies every response's headers and body into Lua
--   (a 73 KB snapshot cost wrk ~15 µs per request). Failed requests are still counted and
--   reported: wrk counts every status ≥ 400 itself (`errors.status`), and socket errors.
-- - requests that vary are built once in init(), not formatted per request.
local common = {}
local threads = {}

function common.setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function common.done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"wrk":1,"requests":%d,"duration_us":%d,"bytes":%d,"rps":%.2f,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,"failed":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    e.status, e.connect, e.read, e.write, e.status, e.timeout))
end

-- Installs the shared callbacks as wrk's globals.
function common.install()
  setup = common.setup
  done = common.done
end

-- The requests of one thread, in the order it sends them, built once: `make(tree, slot,
-- phase)` for every step of a cycle over (tree, slot, phase) that puts the two halves of a
-- pair on one slot `trees * slots` requests of this thread apart — one connection's add has
-- long been answered before the matching remove is sent — while threads use disjoint slots.
function common.cycle(trees, slots, make)
  local requests = {}
  for k = 0, 2 * slots - 1 do
    for tree = 0, trees - 1 do
      requests[#requests + 1] = make(tree, k % slots, math.floor(k / slots) % 2)
    end
  end
  return requests
end

-- A request() that walks `requests()` (available once init() has run) round and round.
-- wrk 4.1 calls request() once in thread 0 before the run, only to check that it parses,
-- and throws that request away: that call is answered without taking a step.
function common.walk(requests)
  local probed, n = false, 0
  return function()
    if id == 0 and not probed then
      probed = true
      return wrk.format("GET", "/healthz")
    end
    local all = requests()
    n = n % #all + 1
    return all[n]
  end
end

return common
