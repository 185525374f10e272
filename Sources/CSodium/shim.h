#ifndef REEL_CSODIUM_SHIM_H
#define REEL_CSODIUM_SHIM_H
#include <sodium.h>
#endif
