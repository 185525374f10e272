#ifndef REEL_CLIBPQ_SHIM_H
#define REEL_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#include <poll.h>
#endif
