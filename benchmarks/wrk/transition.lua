-- The transition recipe endpoint with duration 0: POST .../controllers/root/transitions
-- from "a<thread>-<slot>" to "b<thread>-<slot>" and, trees*slots requests later, back.
-- Args: tree-id prefix, number of trees, slots per thread per tree.
-- "a…" must start as children of root, "b…" detached, on every tree.
local common = dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
common.install()

local headers = { ["Content-Type"] = "application/json" }
local requests

function init(args)
  local prefix, trees, slots = args[1], tonumber(args[2]), tonumber(args[3])
  requests = common.cycle(trees, slots, function(tree, slot, phase)
    local a = string.format("a%d-%d", id, slot)
    local b = string.format("b%d-%d", id, slot)
    if phase == 1 then a, b = b, a end
    return wrk.format("POST", "/v1/trees/" .. prefix .. tree .. "/controllers/root/transitions",
      headers, '{"from":"' .. a .. '","to":"' .. b .. '","duration":0}')
  end)
end

request = common.walk(function() return requests end)
