#include "CMicroHTTPDShim.h"
#include <microhttpd.h>
int CMicroHTTPDShim_version(void) { return (int)MHD_VERSION; }
