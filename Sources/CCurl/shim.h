#ifndef REEL_CCURL_SHIM_H
#define REEL_CCURL_SHIM_H
#include <curl/curl.h>

/* Swift cannot call the variadic curl_easy_setopt, so these fixed-argument wrappers pass it each kind of value. */

static inline CURLcode reel_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode reel_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode reel_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode reel_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

/* A blob option (CURLOPT_CAINFO_BLOB): curl copies the bytes, so they need not outlive the call. */
static inline CURLcode reel_curl_set_blob(CURL *curl, CURLoption option, const void *data, size_t length) {
    struct curl_blob blob = { (void *)data, length, CURL_BLOB_COPY };
    return curl_easy_setopt(curl, option, &blob);
}

typedef size_t (*reel_curl_write_fn)(char *data, size_t size, size_t count, void *context);

static inline CURLcode reel_curl_set_writer(CURL *curl, reel_curl_write_fn fn) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, fn);
}

static inline long reel_curl_response_code(CURL *curl) {
    long code = 0;
    return curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0;
}

/* The protocol bits, as functions: CURLPROTO_* are macros of a type Swift imports awkwardly. */
static inline long reel_curl_proto_http_https(void) { return CURLPROTO_HTTP | CURLPROTO_HTTPS; }

#endif
