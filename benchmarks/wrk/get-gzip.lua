-- GET of the URL given to wrk, as most HTTP clients send it (URLSession, browsers, Go,
-- Python requests): with `Accept-Encoding: gzip`.
local common = dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
common.install()
wrk.headers["Accept-Encoding"] = "gzip"
