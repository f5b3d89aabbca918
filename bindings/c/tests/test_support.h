/* What the C tests share: checks that count failures, and reading a fixture. */
#ifndef INKINDEX_TEST_SUPPORT_H
#define INKINDEX_TEST_SUPPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <inkindex.h>

static int failures = 0;

#define CHECK(condition)                                                                   \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #condition);  \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

/* `error` was set with `status` and a message. Frees it. */
#define CHECK_ERROR(error, status)                                                         \
    do {                                                                                   \
        CHECK((error) != NULL && inkindex_error_code(error) == (status));                  \
        if (error) {                                                                       \
            CHECK(inkindex_error_message(error) != NULL && inkindex_error_message(error)[0] != '\0'); \
            inkindex_error_free(error);                                                    \
            (error) = NULL;                                                                \
        }                                                                                  \
    } while (0)

/* A call returned `status` and set `error` to it. */
#define CHECK_STATUS(expression, status, error)                                            \
    do {                                                                                   \
        CHECK((expression) == (status));                                                   \
        CHECK_ERROR(error, status);                                                        \
    } while (0)

/* Whether the JSON or text `haystack` contains `needle` (NULL never does). */
static inline int contains(const char *haystack, const char *needle) {
    return haystack != NULL && strstr(haystack, needle) != NULL;
}

/* The whole file at `path`, NUL-terminated; exits where it cannot be read. */
static inline char *read_fixture(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { fprintf(stderr, "cannot read %s\n", path); exit(2); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *bytes = malloc((size_t)size + 1);
    if (fread(bytes, 1, (size_t)size, file) != (size_t)size) { fprintf(stderr, "short read %s\n", path); exit(2); }
    bytes[size] = '\0';
    fclose(file);
    return bytes;
}

#endif
