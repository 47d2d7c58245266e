-- Shared by every scenario script: counts response statuses per thread and prints the
-- run's figures as one JSON line from done(), which the runner parses. Non-2xx answers
-- are counted and reported, never hidden.
local common = {}
local threads = {}

-- Per-thread counters (each wrk thread has its own Lua state).
statuses = {}

function common.setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function common.response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function common.done(summary, latency, requests)
  local counts, non2xx = {}, 0
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses") or {}) do
      counts[code] = (counts[code] or 0) + n
      if code < 200 or code > 299 then non2xx = non2xx + n end
    end
  end
  local parts = {}
  for code, n in pairs(counts) do parts[#parts + 1] = string.format('"%d":%d', code, n) end
  local e = summary.errors
  io.write(string.format(
    '{"wrk":1,"requests":%d,"duration_us":%d,"bytes":%d,"rps":%.2f,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,"non2xx":%d,"statuses":{%s},' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    non2xx, table.concat(parts, ","),
    e.connect, e.read, e.write, e.status, e.timeout))
end

-- Installs the shared callbacks as wrk's globals.
function common.install()
  setup = common.setup
  response = common.response
  done = common.done
end

-- Walks (tree, slot, phase) so that the two halves of a pair on one slot are
-- `trees * slots` requests of this thread apart: one connection's add has long been
-- answered before the matching remove is sent, and threads use disjoint slots.
function common.cursor(trees, slots)
  local n = 0
  return function()
    local tree = n % trees
    local k = math.floor(n / trees)
    n = n + 1
    return tree, k % slots, math.floor(k / slots) % 2
  end
end

-- wrk 4.1 calls request() once in thread 0 before the run, only to check that it parses,
-- and throws that request away. Answers that call without consuming a slot.
function common.dynamic(make)
  local probed = false
  return function()
    if id == 0 and not probed then
      probed = true
      return wrk.format("GET", "/healthz")
    end
    return make()
  end
end

return common
