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
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/dovi_meta.h>
#include <string.h>
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

/* --- media-in: decoding helpers --- */

/* Index entry fields (AVIndexEntry has bit-fields). Returns 0 when the entry does not exist. */
static inline int reel_index_entry(AVStream *st, int i, int64_t *timestamp, int *flags) {
    const AVIndexEntry *e = avformat_index_get_entry(st, i);
    if (!e) return 0;
    *timestamp = e->timestamp; *flags = e->flags; return 1;
}

/* The byte just past the last of stream `st`'s indexed samples (position + size of its last index entry), or -1
   without an index. A file whose index reaches past its own end was cut short. */
static inline int64_t reel_index_end(AVStream *st) {
    int n = avformat_index_get_entries_count(st);
    int64_t end = -1;
    for (int i = 0; i < n; i++) {
        const AVIndexEntry *e = avformat_index_get_entry(st, i);
        if (e && e->pos >= 0 && e->pos + e->size > end) end = e->pos + e->size;
    }
    return end;
}

/* sws_scale of a whole frame into three caller-owned planes (the const pointer-array argument is awkward in Swift). */
static inline int reel_sws_scale_to_planes(struct SwsContext *c, const AVFrame *src,
                                           uint8_t *d0, int s0, uint8_t *d1, int s1, uint8_t *d2, int s2) {
    uint8_t *dst[4] = { d0, d1, d2, NULL };
    int stride[4] = { s0, s1, s2, 0 };
    return sws_scale(c, (const uint8_t * const *)src->data, src->linesize, 0, src->height, dst, stride);
}

/* sws_scale from three caller-owned planes into a frame's planes. */
static inline int reel_sws_scale_from_planes(struct SwsContext *c, int src_height,
                                             const uint8_t *p0, int s0, const uint8_t *p1, int s1,
                                             const uint8_t *p2, int s2, AVFrame *dst) {
    const uint8_t *src[4] = { p0, p1, p2, NULL };
    int stride[4] = { s0, s1, s2, 0 };
    return sws_scale(c, src, stride, 0, src_height, dst->data, dst->linesize);
}

/* sws_scale from a frame into one packed plane (RGBA). */
static inline int reel_sws_scale_to_packed(struct SwsContext *c, const AVFrame *src, uint8_t *d0, int s0) {
    uint8_t *dst[4] = { d0, NULL, NULL, NULL };
    int stride[4] = { s0, 0, 0, 0 };
    return sws_scale(c, (const uint8_t * const *)src->data, src->linesize, 0, src->height, dst, stride);
}

/* swr_convert from a decoded frame's planes (extended_data) into caller-owned planar outputs. */
static inline int reel_swr_convert_frame_to(struct SwrContext *s, uint8_t **out, int out_count, const AVFrame *in) {
    return swr_convert(s, out, out_count, (const uint8_t **)in->extended_data, in->nb_samples);
}

static inline int reel_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

/* The display matrix of a stream, or NULL. */
static inline const int32_t *reel_stream_display_matrix(AVStream *st) {
    size_t size = 0;
    const uint8_t *sd = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return (sd && size >= 9 * sizeof(int32_t)) ? (const int32_t *)sd : NULL;
}

/* --- HDR stream side data (mastering display, content light level) --- */

/* Adds SMPTE ST 2086 mastering display side data to a stream: xy = rx ry gx gy bx by wx wy in 1/50000,
   luminance in 1/10000 cd/m2 (the units HEVC's SEI uses). Returns 0 or a negative AVERROR. */
static inline int reel_stream_add_mastering_display(AVStream *st, const int *xy, int min_lum, int max_lum) {
    AVMasteringDisplayMetadata *m = (AVMasteringDisplayMetadata *)av_stream_new_side_data(
        st, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, sizeof(AVMasteringDisplayMetadata));
    if (!m) return AVERROR(ENOMEM);
    memset(m, 0, sizeof(*m));
    for (int c = 0; c < 3; c++) {
        m->display_primaries[c][0] = av_make_q(xy[2 * c], 50000);
        m->display_primaries[c][1] = av_make_q(xy[2 * c + 1], 50000);
    }
    m->white_point[0] = av_make_q(xy[6], 50000);
    m->white_point[1] = av_make_q(xy[7], 50000);
    m->min_luminance = av_make_q(min_lum, 10000);
    m->max_luminance = av_make_q(max_lum, 10000);
    m->has_primaries = 1;
    m->has_luminance = 1;
    return 0;
}

/* Adds CTA-861.3 content light level side data (cd/m2) to a stream. Returns 0 or a negative AVERROR. */
static inline int reel_stream_add_content_light(AVStream *st, unsigned max_cll, unsigned max_fall) {
    AVContentLightMetadata *l = (AVContentLightMetadata *)av_stream_new_side_data(
        st, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, sizeof(AVContentLightMetadata));
    if (!l) return AVERROR(ENOMEM);
    l->MaxCLL = max_cll;
    l->MaxFALL = max_fall;
    return 0;
}

/* Copies `src`'s side data of `type` (if any) to `dst`. Returns 1 when copied, 0 when absent, or a negative AVERROR. */
static inline int reel_stream_copy_side_data(AVStream *dst, AVStream *src, enum AVPacketSideDataType type) {
    size_t size = 0;
    const uint8_t *sd = av_stream_get_side_data(src, type, &size);
    if (!sd || size == 0) return 0;
    uint8_t *copy = av_stream_new_side_data(dst, type, size);
    if (!copy) return AVERROR(ENOMEM);
    memcpy(copy, sd, size);
    return 1;
}

/* --- chapters: FFmpeg 5.1 has no public API to add one (avpriv_new_chapter is private). --- */

/* Appends a chapter [start, end) in time_base with a "title" metadata entry to an output
   context; call before avformat_write_header. The context frees it. Returns 0 or a negative AVERROR. */
static inline int reel_add_chapter(AVFormatContext *ctx, int64_t id, AVRational time_base,
                                   int64_t start, int64_t end, const char *title) {
    AVChapter *ch = av_mallocz(sizeof(AVChapter));
    if (!ch) return AVERROR(ENOMEM);
    ch->id = id; ch->time_base = time_base; ch->start = start; ch->end = end;
    int ret = av_dict_set(&ch->metadata, "title", title, 0);
    if (ret < 0) { av_free(ch); return ret; }
    unsigned int before = ctx->nb_chapters;
    av_dynarray_add(&ctx->chapters, (int *)&ctx->nb_chapters, ch);
    /* On failure av_dynarray_add frees the array and zeroes the count. */
    if (ctx->nb_chapters != before + 1) { av_dict_free(&ch->metadata); av_free(ch); return AVERROR(ENOMEM); }
    return 0;
}

/* glibc: blocks of at least `mmap_bytes` are mmapped and unmapped on free (this also turns off glibc's
   dynamic thresholds), free memory above `trim_bytes` at the top of a heap is returned to the system, and
   threads share at most `arenas` heaps (see ReelMedia's AllocatorTuning). Returns 1 on success, 0 where
   unsupported. */
#ifdef __GLIBC__
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#endif
static inline int reel_set_malloc_thresholds(int mmap_bytes, int trim_bytes, int arenas) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, mmap_bytes) == 1 && mallopt(M_TRIM_THRESHOLD, trim_bytes) == 1
        && mallopt(M_ARENA_MAX, arenas) == 1;
#else
    (void)mmap_bytes;
    (void)trim_bytes;
    (void)arenas;
    return 0;
#endif
}

/* glibc: how many heaps (arenas) malloc has made in this process so far, from malloc_info's report; -1 where
   unsupported. */
static inline int reel_malloc_arena_count(void) {
#ifdef __GLIBC__
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out) return -1;
    int ok = malloc_info(0, out) == 0;
    fclose(out);
    int count = 0;
    for (const char *at = text; ok && at && (at = strstr(at, "<heap nr=")) != NULL; at += 9) count++;
    free(text);
    return ok ? count : -1;
#else
    return -1;
#endif
}

#endif

/* --- the output index (OutputMuxer's own MP4/MOV sample tables, MovieIndex*.swift) --- */

/* Gives `dst` (a fresh output context) streams, chapters and metadata like `src`'s, so that the same muxer writes
   the same sample descriptions and headers: codec parameters, time bases, rates, aspect, disposition, metadata and
   every stream side data. Returns 0 or a negative AVERROR. */
static inline int reel_clone_output_layout(AVFormatContext *dst, const AVFormatContext *src) {
    int ret;
    for (unsigned i = 0; i < src->nb_streams; i++) {
        const AVStream *s = src->streams[i];
        AVStream *st = avformat_new_stream(dst, NULL);
        if (!st) return AVERROR(ENOMEM);
        if ((ret = avcodec_parameters_copy(st->codecpar, s->codecpar)) < 0) return ret;
        st->time_base = s->time_base;
        st->avg_frame_rate = s->avg_frame_rate;
        st->r_frame_rate = s->r_frame_rate;
        st->sample_aspect_ratio = s->sample_aspect_ratio;
        st->disposition = s->disposition;
        if ((ret = av_dict_copy(&st->metadata, s->metadata, 0)) < 0) return ret;
        for (int k = 0; k < s->nb_side_data; k++) {
            uint8_t *copy = av_stream_new_side_data(st, s->side_data[k].type, s->side_data[k].size);
            if (!copy) return AVERROR(ENOMEM);
            memcpy(copy, s->side_data[k].data, s->side_data[k].size);
        }
    }
    if ((ret = av_dict_copy(&dst->metadata, src->metadata, 0)) < 0) return ret;
    for (unsigned i = 0; i < src->nb_chapters; i++) {
        const AVChapter *c = src->chapters[i];
        const AVDictionaryEntry *t = av_dict_get(c->metadata, "title", NULL, 0);
        if ((ret = reel_add_chapter(dst, c->id, c->time_base, c->start, c->end, t ? t->value : "")) < 0) return ret;
    }
    return 0;
}

/* The part of movenc's MPEG-4 maximum bit rate (`esds`, `btrt`) that does not come from the samples: the stream's
   bit rate and its CPB side data's maximum, the larger. */
static inline int64_t reel_stream_declared_max_bitrate(AVStream *st) {
    size_t size = 0;
    const AVCPBProperties *props = (const AVCPBProperties *)av_stream_get_side_data(st, AV_PKT_DATA_CPB_PROPERTIES, &size);
    int64_t rate = st->codecpar->bit_rate;
    if (props && size >= sizeof(AVCPBProperties) && props->max_bitrate > rate) rate = props->max_bitrate;
    return rate;
}

/* Bits per sample of a codec's raw samples (PCM), 0 for a compressed codec. */
static inline int reel_codec_bits_per_sample(enum AVCodecID id) { return av_get_bits_per_sample(id); }
