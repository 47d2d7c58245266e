-- The add/remove recipe endpoints: POST .../controllers/root/children {"child"} then,
-- trees*slots requests later, DELETE .../controllers/root/children/{child}.
-- Args: tree-id prefix, number of trees, slots per thread per tree.
-- Child "w<thread>-<slot>" must exist detached on every tree.
local common = dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
common.install()

local headers = { ["Content-Type"] = "application/json" }
local requests

function init(args)
  local prefix, trees, slots = args[1], tonumber(args[2]), tonumber(args[3])
  requests = common.cycle(trees, slots, function(tree, slot, phase)
    local child = string.format("w%d-%d", id, slot)
    local base = "/v1/trees/" .. prefix .. tree .. "/controllers/root/children"
    if phase == 0 then
      return wrk.format("POST", base, headers, '{"child":"' .. child .. '"}')
    end
    return wrk.format("DELETE", base .. "/" .. child)
  end)
end

request = common.walk(function() return requests end)
