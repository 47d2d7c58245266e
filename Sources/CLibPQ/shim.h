// libpq's types and declarations only: nothing links libpq (LibPQ loads it at run time).
#include <postgresql/libpq-fe.h>
