#ifndef REEL_CFFMPEG_SHIM_H
#define REEL_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* Macros Swift cannot import, re-exposed as static inline functions. */
static inline int reel_averror(int e) { return AVERROR(e); }
static inline int reel_averror_eof(void) { return AVERROR_EOF; }
static inline int reel_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t reel_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational reel_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int reel_error_max_string_size(void) { return AV_ERROR_MAX_STRING_SIZE; }
static inline AVChannelLayout reel_channel_layout_default(int channels) {
    AVChannelLayout l; av_channel_layout_default(&l, channels); return l;
}

/* AVFrame.data / linesize import as 8-tuples; these accessors are cleaner. */
static inline uint8_t *reel_frame_data(const AVFrame *f, int plane) { return f->data[plane]; }
static inline int reel_frame_linesize(const AVFrame *f, int plane) { return f->linesize[plane]; }
static inline uint8_t **reel_frame_data_array(AVFrame *f) { return f->data; }

/* av_log is variadic: call it with a fixed "%s" format, never with a message as the format. */
static inline void reel_av_log(void *avcl, int level, const char *message) { av_log(avcl, level, "%s", message); }

#endif
