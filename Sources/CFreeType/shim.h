#ifndef REEL_CFREETYPE_SHIM_H
#define REEL_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
static inline int reel_ft_load_render_flags(void) { return FT_LOAD_RENDER; }
static inline unsigned long reel_ft_encoding_unicode(void) { return FT_ENCODING_UNICODE; }
#endif
