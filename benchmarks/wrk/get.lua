-- GET of the URL given to wrk (hello-world, /healthz, a tree snapshot).
local common = dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
common.install()
