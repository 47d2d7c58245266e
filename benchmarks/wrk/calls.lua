-- POST /v1/trees/{t}/calls: one batch that adds a child and removes it again
-- (addChild, addSubview, didMove, willMove(nil), removeFromSuperview, removeFromParent).
-- Args: tree-id prefix, number of trees, slots (detached children) per thread per tree, and
-- optionally "numbers": the same batch with its subview added by insertSubview at index 0
-- (root's view has no other subview, so the engine does the same work), to compare a batch
-- whose calls carry numbers with one whose calls carry none.
-- Child "w<thread>-<slot>" must exist detached on every tree; each batch leaves it detached.
local common = dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
common.install()

local add_subview = {
  plain = '{"receiver":"root.view","method":"addSubview","args":{"view":"%s.view"}},',
  numbers = '{"receiver":"root.view","method":"insertSubview","args":{"view":"%s.view","at":0}},',
}
local template = '{"calls":[' ..
  '{"receiver":"root","method":"addChild","args":{"child":"%s"}},' ..
  '%s' ..
  '{"receiver":"%s","method":"didMove","args":{"toParent":"root"}},' ..
  '{"receiver":"%s","method":"willMove","args":{"toParent":null}},' ..
  '{"receiver":"%s.view","method":"removeFromSuperview"},' ..
  '{"receiver":"%s","method":"removeFromParent"}]}'
local headers = { ["Content-Type"] = "application/json" }
local requests

function init(args)
  local prefix, trees, slots = args[1], tonumber(args[2]), tonumber(args[3])
  local subview = add_subview[args[4] or "plain"]
  -- Every batch leaves its child detached, so both phases of a slot send the same batch.
  requests = common.cycle(trees, slots, function(tree, slot)
    local c = string.format("w%d-%d", id, slot)
    return wrk.format("POST", "/v1/trees/" .. prefix .. tree .. "/calls", headers,
      string.format(template, c, string.format(subview, c), c, c, c, c))
  end)
end

request = common.walk(function() return requests end)
