#ifndef REEL_CGNUTLS_SHIM_H
#define REEL_CGNUTLS_SHIM_H
#include <stddef.h>
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>

/** HMAC-SHA256 of `data` under `key` into `digest` (32 bytes), by GnuTLS; 0 on success, a GnuTLS error otherwise. */
static inline int reel_hmac_sha256(const void *key, size_t key_size, const void *data, size_t size, void *digest) {
    return gnutls_hmac_fast(GNUTLS_MAC_SHA256, key, key_size, data, size, digest);
}

#endif
