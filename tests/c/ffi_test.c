/*
 * The generated C header (mills_ffiFFI.h, the one the Swift bindings use) compiled and called
 * from C against the host library: the contract version and every API checksum the generated
 * bindings expect, a string result, a list result, a typed error and a caught panic.
 *
 * Built by tests/c/run.sh with -DEXPECTED_CONTRACT=<n> -DEXPECTED_VERSION="<x.y.z>" and
 * checksums.inc (one CHECKSUM(function, value) line per checksum in the generated Swift).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mills_ffiFFI.h"

enum { CALL_SUCCESS = 0, CALL_ERROR = 1, CALL_UNEXPECTED_ERROR = 2 };

/* Variant numbers of MillsError on the wire (declaration order, from 1). */
enum { ERR_INVALID_POINT = 1, ERR_INTERNAL = 12 };

static int failures = 0;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
            failures++;                                                    \
        }                                                                  \
    } while (0)

static RustCallStatus status_ok(void) {
    RustCallStatus status;
    memset(&status, 0, sizeof status);
    return status;
}

static void free_buffer(RustBuffer buf) {
    RustCallStatus status = status_ok();
    ffi_mills_ffi_rustbuffer_free(buf, &status);
    CHECK(status.code == CALL_SUCCESS, "rustbuffer_free: code %d", status.code);
}

/* Big-endian readers for the serialized form of compound values. */
typedef struct {
    const uint8_t *data;
    uint64_t len, pos;
} Reader;

static int32_t read_i32(Reader *r) {
    if (r->pos + 4 > r->len) {
        failures++;
        fprintf(stderr, "FAILED: read past the end of a buffer\n");
        return 0;
    }
    const uint8_t *p = r->data + r->pos;
    r->pos += 4;
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}

/* A serialized string into a NUL-terminated copy (caller frees). */
static char *read_string(Reader *r) {
    int32_t n = read_i32(r);
    if (n < 0 || r->pos + (uint64_t)n > r->len) {
        failures++;
        fprintf(stderr, "FAILED: bad string length %d\n", n);
        return calloc(1, 1);
    }
    char *s = malloc((size_t)n + 1);
    memcpy(s, r->data + r->pos, (size_t)n);
    s[n] = '\0';
    r->pos += (uint64_t)n;
    return s;
}

/* A top-level String result is its UTF-8 bytes, not length-prefixed. */
static char *buffer_text(RustBuffer buf) {
    char *s = malloc(buf.len + 1);
    if (buf.len) memcpy(s, buf.data, buf.len);
    s[buf.len] = '\0';
    return s;
}

static RustBuffer string_argument(const char *text) {
    RustCallStatus status = status_ok();
    ForeignBytes bytes = {(int32_t)strlen(text), (const uint8_t *)text};
    RustBuffer buf = ffi_mills_ffi_rustbuffer_from_bytes(bytes, &status);
    CHECK(status.code == CALL_SUCCESS, "rustbuffer_from_bytes: code %d", status.code);
    return buf;
}

static void check_checksums(void) {
    int checked = 0;
#define CHECKSUM(function, expected)                                             \
    do {                                                                         \
        uint16_t actual = function();                                            \
        CHECK(actual == (expected), "%s: library %u, bindings %u", #function,    \
              (unsigned)actual, (unsigned)(expected));                           \
        checked++;                                                               \
    } while (0);
#include "checksums.inc"
#undef CHECKSUM
    CHECK(checked > 20, "only %d checksums", checked);
    printf("checksums: %d match the generated bindings\n", checked);
}

int main(void) {
    uint32_t contract = ffi_mills_ffi_uniffi_contract_version();
    CHECK(contract == EXPECTED_CONTRACT, "contract version %u, expected %u", contract,
          (unsigned)EXPECTED_CONTRACT);
    printf("contract version: %u\n", contract);

    check_checksums();

    /* A String result. */
    RustCallStatus status = status_ok();
    RustBuffer version = uniffi_mills_ffi_fn_func_core_version(&status);
    CHECK(status.code == CALL_SUCCESS, "core_version: code %d", status.code);
    char *text = buffer_text(version);
    CHECK(strcmp(text, EXPECTED_VERSION) == 0, "core_version '%s'", text);
    printf("core_version: %s\n", text);
    free(text);
    free_buffer(version);

    /* A list of strings: i32 count, then each string. */
    status = status_ok();
    RustBuffer names = uniffi_mills_ffi_fn_func_point_names(&status);
    CHECK(status.code == CALL_SUCCESS, "point_names: code %d", status.code);
    Reader r = {names.data, names.len, 0};
    int32_t count = read_i32(&r);
    CHECK(count == 24, "%d points", count);
    char *first = read_string(&r);
    CHECK(strcmp(first, "a7") == 0, "first point '%s'", first);
    free(first);
    free_buffer(names);

    /* Arguments by value, a result, and a typed error. */
    status = status_ok();
    RustBuffer name = uniffi_mills_ffi_fn_func_point_name(23, &status);
    CHECK(status.code == CALL_SUCCESS, "point_name(23): code %d", status.code);
    text = buffer_text(name);
    CHECK(strcmp(text, "c4") == 0, "point_name(23) '%s'", text);
    free(text);
    free_buffer(name);

    status = status_ok();
    RustBuffer none = uniffi_mills_ffi_fn_func_point_name(24, &status);
    CHECK(status.code == CALL_ERROR, "point_name(24): code %d", status.code);
    Reader e = {status.errorBuf.data, status.errorBuf.len, 0};
    int32_t variant = read_i32(&e);
    char *field = read_string(&e);
    CHECK(variant == ERR_INVALID_POINT, "error variant %d", variant);
    CHECK(strcmp(field, "#24") == 0, "InvalidPoint(point='%s')", field);
    printf("point_name(24): MillsError.InvalidPoint('%s')\n", field);
    free(field);
    free_buffer(status.errorBuf);
    (void)none;

    /* A panic inside the library comes back as MillsError.Internal, not an abort. */
    printf("(a 'panic from C' report on stderr is expected)\n");
    fflush(stdout);
    status = status_ok();
    uniffi_mills_ffi_fn_func_panic_for_tests(string_argument("panic from C"), &status);
    CHECK(status.code == CALL_ERROR, "panic_for_tests: code %d", status.code);
    e = (Reader){status.errorBuf.data, status.errorBuf.len, 0};
    variant = read_i32(&e);
    field = read_string(&e);
    CHECK(variant == ERR_INTERNAL, "error variant %d", variant);
    CHECK(strstr(field, "panic from C") != NULL, "Internal(reason='%s')", field);
    printf("panic_for_tests: MillsError.Internal('%s')\n", field);
    free(field);
    free_buffer(status.errorBuf);

    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("c: all checks passed\n");
    return 0;
}
